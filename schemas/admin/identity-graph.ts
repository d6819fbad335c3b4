import { z } from 'zod';
import { SourceName } from '../data/source-name.ts';
import { IDENTIFIER_CATEGORIES } from '../events/payloads.ts';
import { MatchField } from '../v3/person-match.ts';

/** A piece of evidence the resolver weighed (docs/identity-graph.md, "How a record is resolved"), in bits. */
export const LinkEvidence = z.object({
  evidence: z.enum([...IDENTIFIER_CATEGORIES, 'name', 'address', 'birthday', 'household']),
  agrees: z.boolean().optional().describe('For an identifier: whether the other records hold it'),
  close: z.literal(true).optional().describe('For an email: a typo or two from one the other records hold'),
  mobile: z.literal(true).optional().describe('For a phone that agrees: a mobile\'s number, one person\'s rather than a household\'s'),
  weight: z.number().describe('Bits of evidence: positive for, negative against'),
  fields: z.array(MatchField).optional(),
  apart: z.boolean().optional().describe('For birthdays: whether every pair is further apart than one person\'s slips'),
});

/** A record weighed against other records, in the terms of person.enrich's `match`, with the resolver's verdict. */
export const LinkExplanation = z
  .object({
    probability: z.number().min(0).max(1),
    weight: z.number().describe('The match weight: prior plus evidence, in bits (log2 odds)'),
    prior: z.number(),
    evidence: z.array(LinkEvidence),
    links: z.boolean().describe('Whether the resolver links them: as an operator decided, else odds of 9 to 1 or more, not told apart by birthdays'),
    decided: z.enum(['never', 'always']).optional().describe('What an operator decided of the record and one of the others'),
    unlinked: z.array(z.enum(['below-link-odds', 'birthdays-apart', 'decided-never'])).optional().describe('Why it does not link'),
  })
  .meta({ id: 'LinkExplanation' });

/** A record as its source names it. */
export const RecordRef = z.object({ source: z.string(), id: z.string() });
/** A record of the graph: its source and id, Kith's own record id, and the record as imported. */
export const GraphRecord = RecordRef.extend({ recordId: z.string(), document: z.record(z.string(), z.unknown()) });

/** How a person is built: its records, and each record against all the others, weakest first. */
export const PersonHow = z
  .object({
    personId: z.string(),
    mergedIds: z.array(z.string()).describe('Ids merged into this person: they answer as it'),
    records: z.array(GraphRecord),
    holds: z.array(z.object({ recordId: z.string(), against: z.array(z.string()), link: LinkExplanation })),
    model: z.string().describe('The match model that weighed them'),
  })
  .meta({ id: 'PersonHow' });

const RecordInPerson = GraphRecord.extend({ personId: z.string() });

/** Why two records are, or are not, one person. */
export const RecordsWhy = z
  .object({
    a: RecordInPerson,
    b: RecordInPerson,
    samePerson: z.boolean(),
    records: LinkExplanation.describe('The two records alone'),
    aToPersonOfB: LinkExplanation.describe("a against the rest of b's person, as the resolver weighs it"),
    bToPersonOfA: LinkExplanation.describe("b against the rest of a's person"),
    birthdaysApart: z.boolean(),
    model: z.string(),
  })
  .meta({ id: 'RecordsWhy' });

export const RecordsWhyQuery = z.object({
  a: z.string().describe('A record as source:id (no colon: the default source)'),
  b: z.string().describe('The other record, the same way'),
});
export const PersonIdParam = z.object({ personId: z.string().regex(/^[1-9][0-9]{0,18}$/) });

/** What an operator says of two records: never one person, always one, or `none` to withdraw what was said. */
export const RecordDecisionRequest = z.object({
  a: z.string().describe('A record as source:id (no colon: the default source)'),
  b: z.string().describe('The other record, the same way'),
  decision: z.enum(['never', 'always', 'none']),
});

/** What a resolution did (docs/identity-graph.md): records resolved, persons merged away, split off, records moved. */
export const ResolutionCounts = z.object({ resolved: z.number().int(), merged: z.number().int(), split: z.number().int(), moved: z.number().int() });

/** A decision recorded, and the resolution that followed it before the answer. */
export const RecordDecision = z
  .object({ a: RecordRef, b: RecordRef, decision: RecordDecisionRequest.shape.decision, resolution: ResolutionCounts })
  .meta({ id: 'RecordDecision' });

/** A person that holds by a thread (docs/identity-graph.md, "Review"). */
export const PersonToReview = z.object({
  personId: z.string(),
  records: z.number().int(),
  kind: z.enum(['weak-link', 'bridge']).describe('weak-link: the record holding least to the others; bridge: a record without which the rest fall apart'),
  weight: z.number().describe('The hold in bits (log2 odds): the lower, the more doubtful'),
  probability: z.number().min(0).max(1),
  record: RecordRef.describe('The record at the thread'),
});

/** The review list, most doubtful first. */
export const PersonsToReview = z.object({ persons: z.array(PersonToReview) }).meta({ id: 'PersonsToReview' });
export const ReviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('How many (default 50, at most 1,000)'),
  source: SourceName.optional().describe('Only persons holding a record of this source'),
});
