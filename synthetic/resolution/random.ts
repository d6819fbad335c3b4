/**
 * The seeded randomness of the multi-source generator: sfc32 (Chris Doty-Humphrey's small fast counter), seeded
 * from a string by cyrb128, so that the same seed gives the same numbers on every platform and no clock is read.
 * `fork(label)` gives an independent stream for one concern (the population, one source), so that a change to
 * how one source is drawn leaves the population and the other sources as they were.
 */
export type Random = {
  /** In [0, 1). */
  float(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
  /** A value drawn with probability proportional to its weight. */
  weighted<T>(values: readonly { value: T; weight: number }[]): T;
  shuffle<T>(values: readonly T[]): T[];
  fork(label: string): Random;
};

function cyrb128(text: string): [number, number, number, number] {
  let [h1, h2, h3, h4] = [1779033703, 3144134277, 1013904242, 2773480762];
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

function sfc32([a, b, c, d]: [number, number, number, number]): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** The stream of `seed`. */
export function randomOf(seed: string): Random {
  const next = sfc32(cyrb128(seed));
  for (let warm = 0; warm < 12; warm += 1) next();
  const random: Random = {
    float: next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (values) => {
      if (values.length === 0) throw new Error('pick from no values');
      return values[Math.floor(next() * values.length)]!;
    },
    weighted: (values) => {
      const total = values.reduce((sum, { weight }) => sum + weight, 0);
      let left = next() * total;
      for (const { value, weight } of values) {
        left -= weight;
        if (left < 0) return value;
      }
      return values[values.length - 1]!.value;
    },
    shuffle: (values) => {
      const out = [...values];
      for (let at = out.length - 1; at > 0; at -= 1) {
        const other = Math.floor(next() * (at + 1));
        [out[at], out[other]] = [out[other]!, out[at]!];
      }
      return out;
    },
    fork: (label) => randomOf(`${seed}/${label}`),
  };
  return random;
}
