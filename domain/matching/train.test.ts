import { describe, expect, it } from 'vitest';
import { nameFields, placeFields } from './fields.ts';
import { DEFAULT_MODEL, levelWeight } from './model.ts';
import { LEAST_PERSONS_TO_TRAIN, modelTrainer, seededRandom } from './train.ts';

const FAMILIES = ['smith', 'lovelace', 'turing', 'hopper', 'noether', 'curie', 'babbage', 'gauss'];

/** Persons whose family names are Smith one time in two, and otherwise spread over seven more names. */
function persons(count: number) {
  const random = seededRandom(1);
  return Array.from({ length: count }, (_, n) => ({
    names: [nameFields({ given: `given${n % 300}`, family: n % 2 === 0 ? 'Smith' : FAMILIES[1 + Math.floor(random() * 7)]! })!],
    places: [placeFields({ addressLine1: `${n % 500} Main Street`, city: `City${n % 40}`, region: 'OR', postalCode: String(10_000 + (n % 900)) })],
  }));
}

function trained(count: number) {
  const trainer = modelTrainer(DEFAULT_MODEL, { random: seededRandom(7), pairs: 20_000 });
  for (const person of persons(count)) trainer.add(person);
  return trainer.model('trained-test');
}

describe('modelTrainer', () => {
  it('learns u from random pairs: how often different persons agree by chance', () => {
    const model = trained(5_000)!;
    expect(model.persons).toBe(5_000);
    expect(model.version).toBe('trained-test');
    // Every person is in Oregon: a region agreeing tells nothing.
    expect(model.levels.region.exact!.u).toBe(1);
    // One city in forty.
    expect(model.levels.city.exact!.u).toBeCloseTo(1 / 40, 2);
    // m stays the model's own.
    expect(model.levels.city.exact!.m).toBe(DEFAULT_MODEL.levels.city.exact!.m);
  });

  it('weighs a common family name less than a rare one', () => {
    const model = trained(5_000)!;
    expect(model.frequencies?.family?.smith).toBe(2_500);
    const exactFamily = (value: string) => levelWeight(model, { field: 'family', level: 'exact' }, { family: value });
    expect(exactFamily('smith')).toBeCloseTo(Math.log2(DEFAULT_MODEL.levels.family.exact!.m / 0.5));
    expect(exactFamily('turing')).toBeGreaterThan(exactFamily('smith') + 2);
    // A value nobody else holds is as rare as one person in all.
    expect(exactFamily('unheardof')).toBeCloseTo(Math.log2(DEFAULT_MODEL.levels.family.exact!.m * 5_000));
  });

  it('scales the term counts of a sample up to all the persons', () => {
    const trainer = modelTrainer(DEFAULT_MODEL, { random: seededRandom(7), pairs: 1_000 });
    for (const person of persons(2_000)) trainer.add(person);
    const model = trainer.model('sampled', 10_000)!;
    expect(model.persons).toBe(10_000);
    expect(model.frequencies?.family?.smith).toBe(5_000);
  });

  it('is the same for the same seed and data', () => {
    expect(trained(2_000)).toEqual(trained(2_000));
  });

  it('declines to train on too few persons', () => {
    expect(trained(LEAST_PERSONS_TO_TRAIN - 1)).toBeUndefined();
  });
});
