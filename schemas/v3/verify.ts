import { z } from 'zod';
import { QUERY_RULE } from './documented-rules.ts';
import { checkMultiField, multiFieldShape } from './multi-field.ts';

/** verify.match, verify.signals and verify.activity take the flat multi-field query (one identifier per type). */
export const VerifyRequest = z.object(multiFieldShape).superRefine(checkMultiField).meta({ id: 'VerifyRequest', ...QUERY_RULE });
export type VerifyRequest = z.infer<typeof VerifyRequest>;

/**
 * How an identifier or a part of a name or address given to verify.match relates to the person the query
 * names: held by that person, by a member of the household (someone at one of the person's addresses), by
 * somebody else (`tangled`), or by nobody Kith knows (or not given). Strings, because they are the one type no
 * official client fails to parse (the Go client declares these fields strings; docs/decisions.md, "Verify").
 */
export const MATCH_VERDICTS = ['self', 'household', 'tangled', 'unknown'] as const;
export type MatchVerdict = (typeof MATCH_VERDICTS)[number];
const verdict = z.enum(MATCH_VERDICTS);

export const VerifyMatchResponse = z
  .object({
    city: verdict,
    region: verdict,
    country: verdict,
    postalCode: verdict,
    familyName: verdict,
    givenName: verdict,
    phone: verdict,
    email: verdict,
    continent: z.boolean().describe('The country given is the person’s (Kith knows no continents beyond countries)'),
    maid: z.boolean(),
    social: z.boolean(),
    nonId: z.boolean(),
    risk: z.number().min(0).max(1).describe('The share of what was given that is not the person’s own (docs/decisions.md)'),
  })
  .meta({ id: 'VerifyMatchResponse' });
export type VerifyMatchResponse = z.infer<typeof VerifyMatchResponse>;

const seen = {
  firstSeenMs: z.number().int().nullable(),
  lastSeenMs: z.number().int().nullable(),
  observations: z.number().int(),
  confidence: z.number().min(0).max(1),
};

export const VerifySignalsResponse = z
  .object({
    emails: z.array(z.object({ md5: z.string(), sha1: z.string(), sha256: z.string(), ...seen })),
    phones: z.array(z.object({ label: z.string().nullable(), value: z.string().nullable(), ...seen })),
    maids: z.array(z.object({ id: z.string(), type: z.string().nullable(), ...seen })),
    personIds: z.array(z.string()),
    name: z.object({ givenName: z.string().nullable(), familyName: z.string().nullable() }),
    panoIds: z.array(z.object({ id: z.string(), ...seen })),
    nonIds: z.array(z.object({ id: z.string(), ...seen })),
    ipAddresses: z.array(z.object({ id: z.string(), ...seen })),
    socialProfiles: z.object({ twitterUrl: z.string().nullable(), linkedInUrl: z.string().nullable() }),
    demographics: z.object({
      age: z.number().int().nullable(),
      ageRange: z.string().nullable(),
      gender: z.string().nullable(),
      locationFormatted: z.string().nullable(),
    }),
    employment: z.object({ current: z.boolean(), company: z.string().nullable(), title: z.string().nullable() }),
  })
  .meta({ id: 'VerifySignalsResponse' });
export type VerifySignalsResponse = z.infer<typeof VerifySignalsResponse>;

const score = z.number().min(0).max(1);
export const VerifyActivityResponse = z
  .object({ emails: score, online: score, social: score, employment: score })
  .meta({ id: 'VerifyActivityResponse' });
export type VerifyActivityResponse = z.infer<typeof VerifyActivityResponse>;
