import { base, Faker } from '@faker-js/faker';

/**
 * The seeded randomness of the multi-source generator: a faker (as the other generators of synthetic/ use, and
 * whose text errors this one shares) seeded from a string by cyrb128, so that the same seed gives the same
 * numbers and no clock is read. `fork(label)` gives an independent stream for one concern (the population, one
 * source), so that a change to how one source is drawn leaves the population and the other sources as they were.
 */
export type Random = {
  /** The same stream, for the functions that take a faker (synthetic/persons/match-queries/text-errors.ts). */
  faker: Faker;
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

function cyrb128(text: string): number[] {
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

/** The four 32-bit words of a string, as a seed: the same string, the same words, everywhere. */
export const hashOf = (text: string): number[] => cyrb128(text);

/** The stream of `seed`. */
export function randomOf(seed: string): Random {
  const faker = new Faker({ locale: [base] });
  faker.seed(hashOf(seed));
  return {
    faker,
    float: () => faker.number.float(),
    int: (min, max) => faker.number.int({ min, max }),
    chance: (probability) => faker.number.float() < probability,
    pick: (values) => faker.helpers.arrayElement(values),
    weighted: (values) => faker.helpers.weightedArrayElement([...values]),
    shuffle: (values) => faker.helpers.shuffle([...values]),
    fork: (label) => randomOf(`${seed}/${label}`),
  };
}
