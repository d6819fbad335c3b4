/** Candidates compared per query at most: those found by the most blocking keys first. */
const CANDIDATES_COMPARED = 50;

/**
 * The candidates worth comparing, from the persons each blocking key found: the ones found by the most keys
 * first (the true person is found by nearly every key its unchanged fields make), ties in the order found.
 */
export function rankCandidates(found: Iterable<readonly string[]>, most = CANDIDATES_COMPARED): string[] {
  const hits = new Map<string, number>();
  for (const persons of found) for (const id of persons) hits.set(id, (hits.get(id) ?? 0) + 1);
  return [...hits].sort((a, b) => b[1] - a[1]).slice(0, most).map(([id]) => id);
}
