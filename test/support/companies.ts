import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { CompanyDetails, CompanyRecord } from '../../schemas/data/company-record.ts';
import { importThroughAdmin } from './admin-import.ts';
import type { TestKith } from './kith.ts';

type Details = z.input<typeof CompanyDetails>;
export type CompanyInput = z.input<typeof CompanyRecord> & { domain: string; name: string; details: Details };

/**
 * A company whose domain and name are new (tests share the database and never clean up): its name holds a
 * word no other company has, `Zyl<tag>`, so a search for it finds only the companies of the test.
 * `overrides` replaces top-level fields, `details` is merged.
 */
export function newCompany(overrides: Partial<Omit<CompanyInput, 'details'>> & { details?: Details } = {}): CompanyInput {
  const tag = randomBytes(5).toString('hex');
  const domain = `zyl${tag}.example.com`;
  const logo = `https://img.kith.example/logos/${domain}.png`;
  const { details, ...top } = overrides;
  return {
    domain,
    name: `Zyl${tag} Software Inc.`,
    location: '500 Market Street, San Francisco, CA 94105, United States',
    twitter: `https://twitter.com/zyl${tag}`,
    linkedin: `https://www.linkedin.com/company/zyl${tag}`,
    facebook: null,
    bio: 'Test company',
    logo,
    website: `https://www.${domain}`,
    founded: 2012,
    employees: randomInt(10, 5000),
    locale: 'en',
    category: 'Other',
    updated: '2026-09-01',
    details: {
      entity: { name: `Zyl${tag} Software Inc.`, founded: 2012, employees: 120 },
      locales: [{ code: 'en', name: 'English' }],
      categories: [{ code: 'OTHER', name: 'Other' }],
      industries: [{ type: 'NAICS', code: '541512', name: 'Computer Systems Design Services' }],
      emails: [{ value: `info@${domain}`, label: 'other' }],
      phones: [{ value: '+1 415 555 0100', label: 'work' }],
      profiles: { twitter: { service: 'twitter', username: `zyl${tag}`, url: `https://twitter.com/zyl${tag}`, followers: 10 } },
      locations: [
        { label: 'headquarters', addressLine1: '500 Market Street', city: 'San Francisco', region: 'California', regionCode: 'CA', postalCode: '94105', country: 'United States', countryCode: 'US' },
      ],
      // As the official clients' fixtures give images: `value` only.
      images: [{ value: logo, label: 'logo' }],
      urls: [{ value: `https://www.${domain}`, label: 'website' }],
      keywords: ['software'],
      keyPeople: [{ fullName: 'Grace Hopper', title: 'CEO', avatar: null }],
      traffic: { countryRank: { global: { rank: randomInt(1000, 900_000), name: 'Global' } }, localeRank: { en: { rank: 500, name: 'English' } } },
      ...details,
    },
    ...top,
  };
}

/** The word of a company's name that only it (and the companies named after it) has. */
export const uniqueWord = (company: CompanyInput) => company.name.split(' ')[0]!;

/** Loads companies into a running Kith through the admin API, as an operator would. */
export const loadCompanies = (kith: TestKith, companies: CompanyInput[]) => importThroughAdmin(kith, '/admin/companies', companies);
