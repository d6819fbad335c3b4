import { z } from 'zod';
import { QUERY_RULE } from './documented-rules.ts';
import { personSummaryShape } from '../data/person-record.ts';
import { checkMultiField, multiFieldShape } from './multi-field.ts';
import { MatchExplanation } from './person-match.ts';
import { webhookUrl } from './webhook-url.ts';

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

/** person.enrich's fields: the multi-field query and how to answer it. */
export const personEnrichShape = {
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
  webhookUrl,
};

export const PersonEnrichRequest = z
  .object(personEnrichShape)
  .superRefine(checkMultiField)
  .meta({ id: 'PersonEnrichRequest', ...QUERY_RULE });
export type PersonEnrichRequest = z.infer<typeof PersonEnrichRequest>;

const text = z.string().nullish();
const labelled = z.looseObject({ label: text, value: text });

export const PersonEnrichResponse = z
  .looseObject({
    ...personSummaryShape,
    facebook: text,
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
    match: MatchExplanation.optional().describe('How sure the match is, and why (Kith only; the official clients ignore it)'),
  })
  .meta({ id: 'PersonEnrichResponse' });
export type PersonEnrichResponse = z.infer<typeof PersonEnrichResponse>;
