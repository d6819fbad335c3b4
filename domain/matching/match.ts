import type { RankedCandidate } from './confidence.ts';
import { compareIds, newestFirst } from './id-order.ts';
import { recordsFields, type PersonNamesAndPlaces } from './fields.ts';
import { matchProbabilities, nameAddressScore, type MatchModel } from './model.ts';
import { scorePerson, type PersonScore } from './person-score.ts';
import type { Evidence, IdentifierCategory } from '../../schemas/events/payloads.ts';

/** Below this probability a candidate found only by its name and address is not evidence of anything. */
const LEAST_PROBABILITY = 0.01;

/** A candidate's probability of being the person the query describes, and how its evidence added up. */
export type PersonMatch = RankedCandidate & { score: PersonScore };

/**
 * Every candidate weighed against all the query's evidence (domain/matching/), best first (ties in id
 * order): `holders` gives the persons each identifier's keys name, `documents` the candidates' records (each
 * person's, all of them), read when the query gives a name with an address to compare them with.
 */
export function rankPersons(
  model: MatchModel,
  evidence: Evidence[],
  candidates: { ids: string[]; holders: (item: Evidence) => ReadonlySet<string>; documents: ReadonlyMap<string, readonly PersonNamesAndPlaces[]> },
): PersonMatch[] {
  const identifiers = evidence.flatMap((item) =>
    item.category === 'name_address' ? [] : [{ category: item.category as IdentifierCategory, holders: candidates.holders(item) }],
  );
  const nameAddress = evidence.find((item) => item.nameAddress)?.nameAddress;
  const scored = candidates.ids.map((personId) => {
    const document = candidates.documents.get(personId);
    const score = scorePerson(model, {
      identifiers: identifiers.map(({ category, holders }) => ({ category, holds: holders.has(personId), holders: holders.size })),
      nameAddress: nameAddress && document ? nameAddressScore(model, nameAddress, recordsFields(document)) : undefined,
    });
    return { personId, score, holdsAny: identifiers.some(({ holders }) => holders.has(personId)) };
  });
  const probabilities = matchProbabilities(scored.map(({ score }) => score.weight));
  return scored
    .map(({ personId, score, holdsAny }, index) => {
      const probability = probabilities[index]!;
      return { personId, score, probability, named: holdsAny || probability >= LEAST_PROBABILITY };
    })
    .sort((a, b) => b.probability - a.probability || compareIds(a.personId, b.personId));
}

/** Of persons tied for best, the most recently updated (never-dated last), then the first imported. */
export function mostRecent<T extends { id: string; updated: string | null }>(persons: T[]): T | undefined {
  return newestFirst(persons)[0];
}
