import { z } from 'zod';

/**
 * Why person.enrich answered this person (docs/matching.md): the probability that it is the person the query
 * describes, its match weight in bits (log2 odds: prior plus evidence), and what each piece of evidence
 * added; for a name with an address, each field's comparison level. The official clients ignore it.
 */
export const MATCH_FIELDS = ['given', 'family', 'number', 'street', 'city', 'postcode', 'region', 'birthday', 'address'] as const;
/** The comparison levels (domain/matching/comparisons.ts Level), one list for the matcher and its explanations. */
export const MATCH_LEVELS = ['exact', 'nickname', 'initial', 'close', 'home', 'similar', 'town', 'different', 'changed', 'missing'] as const;

export const MatchField = z.object({
  field: z.enum(MATCH_FIELDS),
  level: z.enum(MATCH_LEVELS),
  weight: z.number(),
});

export const MatchEvidence = z.object({
  evidence: z.enum(['email', 'phone', 'maid', 'profile', 'li_nonid', 'name_placekey', 'record', 'name_address']),
  agrees: z.boolean().describe('For an identifier: whether the person holds it').optional(),
  weight: z.number().describe('Bits of evidence: positive for, negative against'),
  fields: z.array(MatchField).optional(),
  swap: z.number().describe('Bits paid for given and family names written the other way round (0: as written)').optional(),
  capped: z.number().describe('Bits the address fields were cut by: an address tells a household, not a person').optional(),
});

export const MatchExplanation = z
  .object({
    probability: z.number().min(0).max(1),
    weight: z.number().describe('The match weight: prior plus evidence, in bits (log2 odds)'),
    prior: z.number().describe('The log2 odds of any one person before the evidence'),
    evidence: z.array(MatchEvidence),
    model: z.string().describe('The version of the match model that weighed it'),
  })
  .meta({ id: 'MatchExplanation' });
export type MatchExplanation = z.infer<typeof MatchExplanation>;
