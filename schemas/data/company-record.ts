import { z } from 'zod';
import { labelled, PostalLocation, text } from './fields.ts';

/**
 * One line of a company-data file (NDJSON): a company in the shape company.enrich returns, plus its `domain`,
 * the key it is looked up by, so that importing the same domain again replaces the company. Documented in
 * docs/company-records.md. Objects are loose: fields this schema does not name are kept in the stored document
 * and returned as they are.
 */
const count = z.number().int().min(0).nullish();
const year = z.number().int().min(1000).max(9999).nullish();
const coded = z.looseObject({ code: text, name: text });
const ranks = z.record(z.string(), z.looseObject({ rank: z.number().int().min(1), name: text }));

export const CompanyIndustry = z.looseObject({
  type: z.enum(['NAICS', 'SIC']),
  name: text,
  code: z.string().regex(/^\d{2,6}$/, 'must be a NAICS or SIC code (2 to 6 digits)'),
});

export const CompanyLocation = PostalLocation;

/** The spec calls an image's address `url`, the clients `value`: records may carry either (or both). */
export const CompanyImage = z.looseObject({ url: text, value: text, label: text });

export const CompanyProfile = z.looseObject({
  service: text,
  username: text,
  userid: z.union([z.string(), z.number().int()]).nullish(),
  url: text,
  bio: text,
  followers: count,
  following: count,
});

export const CompanyDetails = z.looseObject({
  entity: z.looseObject({ name: text, founded: year, employees: count }).nullish(),
  locales: z.array(coded).default([]),
  categories: z.array(coded).default([]),
  industries: z.array(CompanyIndustry).default([]),
  emails: z.array(labelled).default([]),
  phones: z.array(labelled).default([]),
  profiles: z.record(z.string(), CompanyProfile).default({}),
  locations: z.array(CompanyLocation).default([]),
  images: z.array(CompanyImage).default([]),
  urls: z.array(labelled).default([]),
  keywords: z.array(z.string()).default([]),
  keyPeople: z.array(z.looseObject({ fullName: text, title: text, avatar: text })).default([]),
  traffic: z.looseObject({ countryRank: ranks.nullish(), localeRank: ranks.nullish() }).nullish(),
});

export const CompanyRecord = z.looseObject({
  domain: z.string().trim().min(1).max(300),
  name: z.string().trim().min(1).max(300),
  location: text,
  twitter: text,
  linkedin: text,
  facebook: text,
  bio: text,
  logo: text,
  website: text,
  founded: year,
  employees: count,
  locale: text,
  category: text,
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').nullish(),
  details: CompanyDetails.default(() => CompanyDetails.parse({})),
});
export type CompanyRecord = z.infer<typeof CompanyRecord>;
