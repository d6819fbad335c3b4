import type { MatchModel } from '../matching/model.ts';

/**
 * What the pairs of records at one home say of the data (docs/identity-graph.md, "What the data says of its
 * homes"), counted at each training of the model: whether it holds households at all, whether a pair born on one
 * day under given names wholly other are twins, and whether two birthdays apart are two people.
 *
 * - **Twins.** A record whose given name is wholly other than a person's, under the person's family name, at the
 *   person's home and born on the person's day, is taken for a twin, its birthday counted with what the household
 *   shares, or for the person's own record with the given name replaced. A household's pairs of members are mostly
 *   born apart (partners, parents and children, siblings), and twins are a few in a hundred of them; so where the
 *   data's pairs at one home born on one day outnumber those born apart, most of them cannot be twins: they are one
 *   person's records, and the birthday counts for the link as any other.
 * - **Birthdays apart.** Two records of one name at one home whose birthdays are further apart than one person's
 *   slips are a household's namesakes (a son named for his father), or one person's records with a birth date
 *   written wrong. Namesakes are a few of a household's pairs; so where such pairs outnumber the household's pairs
 *   of other given names born apart, most of them cannot be namesakes: the data writes wrong birth dates, and a
 *   differing birthday weighs as the evidence it is (its m and u) instead of keeping records apart.
 * - **Households.** Members of a household share a family name and an address, which is why they count together for
 *   no more than tells one household from the others (compare.ts householdEvidence). A population with households
 *   holds pairs of members born apart under one family name among its pairs at one home (in the generated sets, one
 *   pair in five to seven); where they are fewer than one in 50, the data holds next to no households, and a family
 *   name and an address agreeing say one person as much as each weighs.
 */

/** How a pair of records at one home was born (compare.ts bornAtOneHome); undefined for a pair of no such kind. */
export type BirthAtHome = 'apart' | 'same-day' | 'one-name-apart';

/** What the training counted: every pair sampled at one home, and those of each kind. */
export type HomePairs = NonNullable<MatchModel['homePairs']>;

/** Pairs of a kind the data must hold before they outweigh the reading they overturn: fewer teach nothing. */
export const LEAST_PAIRS = 30;

/** Below one household's pair born apart in this many pairs at one home, the data holds next to no households. */
export const PAIRS_A_HOUSEHOLD_PAIR = 50;

/** The pairs counted, by how they were born, of all the pairs at one home sampled. */
export function countHomePairs(births: ReadonlyArray<BirthAtHome | undefined>): HomePairs {
  const counted = (kind: BirthAtHome) => births.filter((birth) => birth === kind).length;
  return { pairs: births.length, apart: counted('apart'), sameDay: counted('same-day'), oneNameApart: counted('one-name-apart') };
}

/** Whether the model reads twins: unless its training counted more pairs born on one day than apart, and enough. */
export function readsTwins(model: Pick<MatchModel, 'homePairs'>): boolean {
  const pairs = model.homePairs;
  return !pairs || pairs.sameDay < LEAST_PAIRS || pairs.sameDay <= pairs.apart;
}

/**
 * Whether birthdays apart keep records apart: unless the training counted more pairs of one name at one home born
 * apart than pairs of other given names born apart, and enough.
 */
export function readsBirthdaysApart(model: Pick<MatchModel, 'homePairs'>): boolean {
  const oneNameApart = model.homePairs?.oneNameApart;
  return oneNameApart === undefined || oneNameApart < LEAST_PAIRS || oneNameApart <= model.homePairs!.apart;
}

/**
 * Whether the data holds households, so that what a household shares is capped: unless the training counted
 * fewer household pairs born apart than one in PAIRS_A_HOUSEHOLD_PAIR of the pairs at one home, of enough pairs
 * to tell (as many as would hold LEAST_PAIRS of them at that share).
 */
export function readsHouseholds(model: Pick<MatchModel, 'homePairs'>): boolean {
  const pairs = model.homePairs?.pairs;
  return pairs === undefined || pairs < LEAST_PAIRS * PAIRS_A_HOUSEHOLD_PAIR || model.homePairs!.apart * PAIRS_A_HOUSEHOLD_PAIR >= pairs;
}
