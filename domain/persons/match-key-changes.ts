/** A person's key as a (person, key) pair: what is stored and what should be are compared as sets of these. */
export type PersonKey = { personId: string; value: string };
const pairOf = ({ personId, value }: PersonKey) => `${personId}\u0000${value}`;

/** What to delete and what to add so that `stored` becomes `fresh`, and the persons either touches. */
export function keyChanges(stored: readonly PersonKey[], fresh: readonly PersonKey[]) {
  const storedPairs = new Set(stored.map(pairOf));
  const freshPairs = new Set(fresh.map(pairOf));
  const stale = stored.filter((key) => !freshPairs.has(pairOf(key)));
  const missing = fresh.filter((key) => !storedPairs.has(pairOf(key)));
  const changed = [...new Set([...stale, ...missing].map((key) => key.personId))];
  return { stale, missing, changed };
}
