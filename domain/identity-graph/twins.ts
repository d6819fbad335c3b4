import type { MatchModel } from '../matching/model.ts';

/**
 * Whether the resolver reads twins (docs/identity-graph.md, "the household cap"): a record whose given name is
 * wholly other than a person's, under the person's family name, at the person's home and born on the person's day,
 * is taken for a twin, its birthday counted with what the household shares, or for the person's own record with the
 * given name replaced. Which is likelier is the data's to say. A household's pairs of members are mostly born
 * apart (partners, parents and children, siblings), and twins are a few in a hundred of them; so where the
 * data's pairs at one home born on one day outnumber those born apart, most of them cannot be twins: they are one
 * person's records, and the birthday counts for the link as any other.
 */

/** How a pair of records at one home under one family name, given names wholly other, was born (compare.ts bornAtOneHome). */
export type BirthAtHome = 'apart' | 'same-day';

/** Pairs born on one day the data must hold before they outweigh the twins' reading: fewer teach nothing. */
export const LEAST_SAME_DAY_PAIRS = 30;

/** The pairs counted, by how they were born; pairs of any other kind (undefined) are not counted. */
export function countHomePairs(births: ReadonlyArray<BirthAtHome | undefined>): NonNullable<MatchModel['homePairs']> {
  return {
    apart: births.filter((birth) => birth === 'apart').length,
    sameDay: births.filter((birth) => birth === 'same-day').length,
  };
}

/** Whether the model reads twins: unless its training counted more pairs born on one day than apart, and enough. */
export function readsTwins(model: Pick<MatchModel, 'homePairs'>): boolean {
  const pairs = model.homePairs;
  return !pairs || pairs.sameDay < LEAST_SAME_DAY_PAIRS || pairs.sameDay <= pairs.apart;
}
