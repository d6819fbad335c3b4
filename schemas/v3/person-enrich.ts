import { z } from 'zod';
import { emailKeys, phoneE164 } from '../../adapters/persons/normalise.ts';
import { checkMultiField, multiFieldShape } from './multi-field.ts';

export const CONFIDENCE_LEVELS = ['LOW', 'MED', 'HIGH', 'MAX'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** The groups of `details` a `dataFilter` can ask for (docs/decisions.md, "person.enrich answers"). */
export const DATA_FILTERS = [
  'individual',
  'social',
  'employment',
  'identifiers',
  'household',
  'finance',
  'census',
  'demographics',
  'interests',
  'survey',
  'buyer',
  'automotive',
] as const;
export type DataFilter = (typeof DATA_FILTERS)[number];

type Given = { email?: string | null; emails?: string[] | null; phone?: string | null; phones?: string[] | null };

/** The values of the singular and plural forms of a field, each with the path that names it. */
const valuesOf = (body: Given, single: 'email' | 'phone', plural: 'emails' | 'phones') => [
  ...(body[single]?.trim() ? [{ path: [single] as (string | number)[], value: body[single] }] : []),
  ...(body[plural] ?? []).map((value, index) => ({ path: [plural, index] as (string | number)[], value })),
];

/** Clear emails must be addresses and phones numbers: a typo is the caller's to fix, not a silent miss. */
function checkIdentifiers(body: Given, ctx: z.RefinementCtx) {
  for (const { path, value } of valuesOf(body, 'email', 'emails')) {
    if (emailKeys(value).length === 0) ctx.addIssue({ code: 'custom', path, message: 'not an email address, nor the MD5 or SHA-256 hex of one' });
  }
  for (const { path, value } of valuesOf(body, 'phone', 'phones')) {
    if (!phoneE164(value)) ctx.addIssue({ code: 'custom', path, message: 'not a phone number' });
  }
}

export const PersonEnrichRequest = z
  .object({
    ...multiFieldShape,
    confidence: z
      .enum(CONFIDENCE_LEVELS)
      .nullish()
      .describe('How sure the match must be: LOW, MED, HIGH (default) or MAX'),
    dataFilter: z.array(z.enum(DATA_FILTERS)).max(DATA_FILTERS.length).nullish().describe('Only these groups of details'),
    infer: z.boolean().nullish().describe('Accepted for the official clients; Kith answers only what its data holds'),
    maxMaids: z.number().int().min(0).max(1000).nullish().describe('At most this many MAIDs in details.identifiers'),
    maxEmails: z.number().int().min(0).max(1000).nullish().describe('At most this many emails in details.emails'),
    hemType: z.enum(['md5', 'sha1', 'sha256']).nullish().describe('Accepted for the Go client'),
    generatePid: z.boolean().nullish().describe('Accepted for the Java client'),
    tags: z.array(z.unknown()).nullish().describe('Accepted for the Java client'),
    webhookUrl: z.string().max(2048).nullish().describe('Answer 202 at once and POST the result to this URL'),
  })
  .superRefine((body, ctx) => {
    checkMultiField(body, ctx);
    checkIdentifiers(body, ctx);
  })
  .meta({ id: 'PersonEnrichRequest' });
export type PersonEnrichRequest = z.infer<typeof PersonEnrichRequest>;

const text = z.string().nullish();
const labelled = z.looseObject({ label: text, value: text });

export const PersonEnrichResponse = z
  .looseObject({
    fullName: text,
    ageRange: text,
    gender: text,
    location: text,
    title: text,
    organization: text,
    twitter: text,
    linkedin: text,
    facebook: text,
    bio: text,
    avatar: text,
    website: text,
    details: z.looseObject({
      name: z.looseObject({ given: text, family: text, full: text }).nullish(),
      emails: z.array(z.looseObject({ label: text, value: text, md5: z.string(), sha256: z.string() })).optional(),
      phones: z.array(labelled).optional(),
      profiles: z.record(z.string(), z.looseObject({})).optional(),
      locations: z.array(z.looseObject({})).optional(),
      employment: z.array(z.looseObject({})).optional(),
      photos: z.array(labelled).optional(),
      urls: z.array(labelled).optional(),
      identifiers: z
        .looseObject({
          maids: z.array(z.looseObject({ id: z.string(), type: text })),
          li_nonid: z.array(z.string()),
          personIds: z.array(z.string()),
          recordIds: z.array(z.string()),
          partnerIds: z.array(z.string()),
        })
        .optional(),
    }),
    updated: text.describe('When the data was last seen true, YYYY-MM-DD'),
  })
  .meta({ id: 'PersonEnrichResponse' });
export type PersonEnrichResponse = z.infer<typeof PersonEnrichResponse>;
