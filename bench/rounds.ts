/** One figure of each side in one round: requests a second at saturation, or p99 at the offered load. */
export type RoundFigures = { kith: number; baseline: number; floor: number };

/**
 * The round whose Kith / floor ratio is the median (the lower of the middle two for an even count). Each round
 * measures Kith and then the floor within a minute, so a ratio within a round is spared the machine's drift over a
 * run; the median round is spared a round the machine was busy in (bench/README.md, "Rounds").
 */
export function medianRound(kith: readonly number[], floor: readonly number[]): number {
  if (kith.length === 0 || kith.length !== floor.length) throw new Error('one floor figure per round is needed, and a round at least');
  const byRatio = kith.map((figure, round) => ({ round, ratio: figure / floor[round]! })).sort((a, b) => a.ratio - b.ratio);
  return byRatio[Math.floor((byRatio.length - 1) / 2)]!.round;
}

/**
 * Each side's figure in each round (rounds of Kith's, the baseline's and the floor's measurements, in that order),
 * and the measurements of the round with the median Kith / floor ratio of that figure.
 */
export function byRound<T>(rounds: readonly (readonly T[])[], figure: (measured: T) => number): { figures: RoundFigures[]; median: readonly T[] } {
  const figures = rounds.map(([kith, baseline, floor]) => ({ kith: figure(kith!), baseline: figure(baseline!), floor: figure(floor!) }));
  return { figures, median: rounds[medianRound(figures.map((round) => round.kith), figures.map((round) => round.floor))]! };
}
