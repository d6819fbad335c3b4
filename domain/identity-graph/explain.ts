import type { z } from 'zod';
import type {
  GraphRecord as GraphRecordSchema,
  LinkExplanation as LinkExplanationSchema,
  PersonHow as PersonHowSchema,
  RecordRef as RecordRefSchema,
  RecordsWhy as RecordsWhySchema,
} from '../../schemas/admin/identity-graph.ts';
import type { MatchModel } from '../matching/model.ts';
import { compareWithPerson, type RecordMatch } from './compare.ts';
import type { Decision, RecordFields } from './record-fields.ts';
import { decisionBetween } from './decisions.ts';
import { birthdaysForbid, joins, LINK_WEIGHT, toldApartByBirthday } from './resolve.ts';

/**
 * The explanations' shapes (schemas/admin/identity-graph.ts): a record weighed against other records, in the terms
 * of person.enrich's `match`, with what the resolver's rule makes of it; how a person is built; why two records
 * are, or are not, one person.
 */
export type LinkExplanation = z.infer<typeof LinkExplanationSchema>;
export type RecordHold = PersonHow['holds'][number];
export type RecordRef = z.infer<typeof RecordRefSchema>;
export type GraphRecord = z.infer<typeof GraphRecordSchema>;
export type PersonHow = z.infer<typeof PersonHowSchema>;
export type RecordsWhy = z.infer<typeof RecordsWhySchema>;

const rounded = (value: number, digits: number) => Number(value.toFixed(digits));
const bits = (value: number) => rounded(value, 2);

/** The probability a match weight (log2 odds) stands for, to six decimals, as answers give it. */
export const probabilityOf = (weight: number) => rounded(1 / (1 + 2 ** -weight), 6);

function explained(match: RecordMatch, decided: Decision | undefined): LinkExplanation {
  const links = joins(match, decided);
  const evidence = match.evidence.map((item) => ({
    ...item,
    weight: bits(item.weight),
    ...('fields' in item && { fields: item.fields.map((field) => ({ ...field, weight: bits(field.weight) })) }),
  }));
  return {
    probability: probabilityOf(match.weight),
    weight: bits(match.weight),
    prior: bits(match.prior),
    evidence,
    links,
    ...(decided && { decided }),
    ...(!links && { unlinked: unlinkedBecause(match, decided) }),
  };
}

function unlinkedBecause(match: RecordMatch, decided: Decision | undefined): LinkExplanation['unlinked'] {
  if (decided === 'never') return ['decided-never'];
  return [...(match.weight < LINK_WEIGHT ? ['below-link-odds' as const] : []), ...(birthdaysForbid(match) ? ['birthdays-apart' as const] : [])];
}

/**
 * One record against a set of records, as the resolver weighs a record against a whole person: what an operator
 * decided of it and one of them, if anything, decides (./decisions.ts); else the evidence.
 */
export function explainLink(model: MatchModel, record: RecordFields, others: readonly RecordFields[]): LinkExplanation {
  return explained(compareWithPerson(model, record, others), decisionBetween([record], others));
}

/**
 * How a person is held together, weighed now (never a reason recorded once and left to go stale): each record
 * against all the person's other records, the weakest first, so that a record held by a thread leads. A person of
 * one record has none.
 */
export function explainPerson(model: MatchModel, records: readonly RecordFields[]): RecordHold[] {
  if (records.length < 2) return [];
  const holds = records.map((record) => {
    const others = records.filter((other) => other !== record);
    return { recordId: record.id, against: others.map((other) => other.id), link: explainLink(model, record, others) };
  });
  return holds.sort((a, b) => a.link.weight - b.link.weight);
}

/**
 * Why two records are, or are not, one person: each alone against the other, each against the other's whole
 * person without itself (what the resolver weighs), and whether their birthdays tell the two apart.
 */
export function explainPair(
  model: MatchModel,
  pair: { a: RecordFields; b: RecordFields; personOfA: readonly RecordFields[]; personOfB: readonly RecordFields[] },
): { records: LinkExplanation; aToPersonOfB: LinkExplanation; bToPersonOfA: LinkExplanation; birthdaysApart: boolean } {
  const without = (records: readonly RecordFields[], record: RecordFields) => records.filter((other) => other.id !== record.id);
  return {
    records: explainLink(model, pair.a, [pair.b]),
    aToPersonOfB: explainLink(model, pair.a, without(pair.personOfB, pair.a)),
    bToPersonOfA: explainLink(model, pair.b, without(pair.personOfA, pair.b)),
    birthdaysApart: toldApartByBirthday(model, [pair.a], [pair.b]),
  };
}
