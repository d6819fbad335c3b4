/** Each side's requests a second at saturation in one round. */
export type RoundRps = { kith: number; baseline: number; floor: number };

/**
 * The round whose Kith / floor ratio of requests a second is the median (the lower of the middle two for an even
 * count). Each round saturates Kith and then the floor within a minute, so a ratio within a round is spared the
 * machine's drift over a run; the median round is spared a round the machine was busy in (bench/README.md,
 * "Rounds").
 */
export function medianRound(kithRps: readonly number[], floorRps: readonly number[]): number {
  if (kithRps.length === 0 || kithRps.length !== floorRps.length) throw new Error('one floor figure per round is needed, and a round at least');
  const byRatio = kithRps.map((rps, round) => ({ round, ratio: rps / floorRps[round]! })).sort((a, b) => a.ratio - b.ratio);
  return byRatio[Math.floor((byRatio.length - 1) / 2)]!.round;
}
