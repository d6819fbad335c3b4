/** The value below which `p` percent of the sorted values fall (the nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('no values to take a percentile of');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
