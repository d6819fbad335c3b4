/** Candidates compared per query at most: those found by the most blocking keys first. */
const CANDIDATES_COMPARED = 50;

/**
 * Candidates compared in all, at most, while those found by one key only are among them. Among millions of
 * persons most candidates of a lookup are found by one key alone (a given name's sound with the postal code names
 * its 25 persons), and comparing each costs as much as comparing the one meant: at 1M generated persons 4,520 of
 * 4,826 candidates compared for 200 lookups were found by one key. The person meant is found by every key its
 * unchanged fields make: one found by a single key differs from the query, or misses, in every field the other
 * keys pair. Where the query gives so little that every key finds one field pair (a family name and a postal
 * code), those found by one key are all there is, and the surest of them are compared.
 */
const COMPARED_WITH_ONE_KEY = 10;

type Found = { keys: number; fewestNamed: number; order: number };

/**
 * The candidates worth comparing, from the persons each blocking key found: the ones found by the most keys first,
 * then by the key naming fewest persons (the surer one), ties in the order found. Those found by one key only
 * fill the candidates up to COMPARED_WITH_ONE_KEY, no further.
 */
export function rankCandidates(found: Iterable<readonly string[]>, most = CANDIDATES_COMPARED): string[] {
  const candidates = new Map<string, Found>();
  for (const persons of found) {
    for (const id of persons) {
      const known = candidates.get(id) ?? { keys: 0, fewestNamed: persons.length, order: candidates.size };
      known.keys += 1;
      known.fewestNamed = Math.min(known.fewestNamed, persons.length);
      candidates.set(id, known);
    }
  }
  const ranked = [...candidates].sort(([, a], [, b]) => b.keys - a.keys || a.fewestNamed - b.fewestNamed || a.order - b.order);
  const severalKeys = ranked.filter(([, candidate]) => candidate.keys > 1).length;
  return ranked.slice(0, Math.min(most, Math.max(severalKeys, COMPARED_WITH_ONE_KEY))).map(([id]) => id);
}
