import type { UsageCount } from './port.ts';

/** A count row of a query over several ranges, tagged with the index of the range it counts (from 0). */
export type RangedCount = UsageCount & { range: number };

/** The rows of each of `ranges` ranges, in the rows' order, without their tag. */
export function countsByRange(rows: readonly RangedCount[], ranges: number): UsageCount[][] {
  const counts: UsageCount[][] = Array.from({ length: ranges }, () => []);
  for (const { range, ...count } of rows) counts[range]!.push(count);
  return counts;
}
