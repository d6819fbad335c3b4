import { randomBytes, randomInt } from 'node:crypto';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { importThroughAdmin } from './admin-import.ts';
import type { TestKith } from './kith.ts';

/**
 * A possible US number, random over 6.3 billion, so that no two persons share one by chance: the distributed
 * suites load into one database that keeps its persons from run to run (the 555 exchange alone, 7.9 million
 * numbers, gave a person of this run the phone of one from an earlier run among 12,000).
 */
export const uniquePhone = () =>
  `+1 ${randomInt(201, 989)} ${randomInt(200, 1_000)} ${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/**
 * A person whose every identifier is new (tests share the database and never clean up), with one of each
 * kind of identifier; `overrides` replaces top-level fields, `details` is merged.
 */
export function newPerson(overrides: Partial<Omit<PersonRecord, 'details'>> & { details?: Partial<PersonRecord['details']> } = {}): PersonRecord {
  const tag = randomBytes(6).toString('hex');
  const { details, ...top } = overrides;
  return {
    id: `test-${tag}`,
    fullName: `Ada ${tag} Lovelace`,
    ageRange: '30-39',
    gender: 'Female',
    location: 'Portland, Oregon, United States',
    title: 'Engineer',
    organization: 'Analytical Engines LLC',
    twitter: `https://twitter.com/ada${tag}`,
    linkedin: null,
    bio: 'first programmer',
    avatar: null,
    website: null,
    placekey: `222-${tag.slice(0, 3)}@5vg-7gq-${tag.slice(3, 6)}`,
    updated: '2026-01-15',
    details: {
      name: { given: `Ada${tag}`, family: 'Lovelace', full: `Ada ${tag} Lovelace` },
      gender: 'Female',
      emails: [{ value: `ada.${tag}@example.com`, label: 'personal' }],
      phones: [{ value: uniquePhone(), label: 'mobile' }],
      profiles: { twitter: { service: 'twitter', username: `ada${tag}`, userid: `${randomInt(1e9, 2e9)}`, url: `https://twitter.com/ada${tag}` } },
      locations: [
        { label: 'home', addressLine1: `${randomInt(1, 9999)} Northwest ${tag} Street`, city: 'Portland', region: 'Oregon', regionCode: 'OR', postalCode: '97209', country: 'United States', countryCode: 'US' },
      ],
      employment: [{ name: 'Analytical Engines LLC', title: 'Engineer', current: true }],
      photos: [],
      urls: [],
      identifiers: {
        maids: [
          { id: crypto.randomUUID().toUpperCase(), type: 'idfa' },
          { id: crypto.randomUUID(), type: 'aaid' },
        ],
        li_nonid: [`nonid-${tag}`],
      },
      ...details,
    },
    ...top,
  };
}

/** Loads persons into a running Kith through the admin API, as an operator would. */
export const loadPersons = (kith: TestKith, persons: PersonRecord[]) => importThroughAdmin(kith, '/admin/persons', persons);
