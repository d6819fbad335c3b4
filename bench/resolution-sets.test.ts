import { describe, expect, it } from 'vitest';
import { recordKey, truthOf } from './resolution-data.ts';
import { DATA_SET_NAMES, GENERATED_SETS, generatedDataSet, loadDataSets } from './resolution-sets.ts';

describe('the data sets', () => {
  it('are fake_1000, FEBRL 4, a generated set to tune on and one held out, from different seeds', () => {
    expect(DATA_SET_NAMES).toEqual(['fake_1000', 'febrl4', 'generated-dev', 'generated-heldout']);
    expect(GENERATED_SETS.map((set) => set.role)).toEqual(['dev', 'held-out']);
    expect(new Set(GENERATED_SETS.map((set) => set.seed)).size).toBe(GENERATED_SETS.length);
  });

  it('make a generated set without the data folder: records of several sources, with the extra columns', async () => {
    const [heldOut] = await loadDataSets(['generated-heldout'], '/nowhere');
    expect(heldOut).toMatchObject({ name: 'generated-heldout', role: 'held-out' });
    const { records } = heldOut!;
    expect(records.length).toBeGreaterThan(1_500);
    expect(records.length).toBeLessThan(3_000);
    expect(new Set(records.map((record) => record.source))).toEqual(new Set(['crm', 'web', 'forms', 'calls']));
    expect(truthOf(records).size).toBe(records.length);
    expect(records.every((record) => 'address' in record && 'postcode' in record && 'phone' in record)).toBe(true);
    expect(generatedDataSet(GENERATED_SETS[1]!).records.map(recordKey)).toEqual(records.map(recordKey));
  });

  it('refuses a set it does not know, naming those it does', async () => {
    await expect(loadDataSets(['generated-dev', 'nope'], '/nowhere')).rejects.toThrow('no data set nope: the sets are fake_1000, febrl4, generated-dev, generated-heldout');
  });
});
