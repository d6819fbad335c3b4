import type { NameFields, PlaceFields, PersonNamesAndPlaces } from './fields.ts';
import { personFields } from './fields.ts';
import { matchProbabilities, scoreCandidate, type MatchModel, type MatchScore } from './model.ts';

/** Candidates compared per query at most: those found by the most blocking keys first. */
export const CANDIDATES_COMPARED = 50;

/** Below this probability a candidate is not evidence of anything: not a match, nor a rival of one. */
export const LEAST_PROBABILITY = 0.01;

/**
 * The candidates worth comparing, from the persons each blocking key found: the ones found by the most keys
 * first (the true person is found by nearly every key its unchanged fields make), ties in the order found.
 */
export function rankCandidates(found: Iterable<readonly string[]>, most = CANDIDATES_COMPARED): string[] {
  const hits = new Map<string, number>();
  for (const persons of found) for (const id of persons) hits.set(id, (hits.get(id) ?? 0) + 1);
  return [...hits].sort((a, b) => b[1] - a[1]).slice(0, most).map(([id]) => id);
}

export type NameAddressMatch = { personId: string; probability: number; score: MatchScore };

/**
 * The candidates that may be the person the query's name and address describe, with the probability that
 * each is (./model.ts), best first; those below LEAST_PROBABILITY left out.
 */
export function nameAddressMatches(
  model: MatchModel,
  query: { name: NameFields; place: PlaceFields },
  candidates: Array<{ id: string; document: PersonNamesAndPlaces }>,
): NameAddressMatch[] {
  const scored = candidates.flatMap(({ id, document }) => {
    const score = scoreCandidate(model, query, personFields(document));
    return score ? [{ personId: id, score }] : [];
  });
  const probabilities = matchProbabilities(scored.map(({ score }) => score.weight));
  return scored
    .map((match, index) => ({ ...match, probability: probabilities[index]! }))
    .filter((match) => match.probability >= LEAST_PROBABILITY)
    .sort((a, b) => b.probability - a.probability);
}
