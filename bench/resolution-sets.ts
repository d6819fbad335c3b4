import { generateSources } from '../synthetic/resolution/generate.ts';
import { FAKE_1000, readFake1000, type DataSet, type DataSetRole } from './resolution-data.ts';
import { FEBRL4_RESOLUTION, readFebrl4Resolution } from './resolution-febrl.ts';

/**
 * The data sets of `npm run bench:resolution` (bench/README.md, "Resolution quality"): Splink's `fake_1000`, read
 * from the data folder, FEBRL 4 (./resolution-febrl.ts, fetched from PyPI once), and two made by the project's
 * multi-source generator (synthetic/resolution/), each one population of 1,200 persons recorded by four sources.
 * `generated-dev` is for tuning the resolver and for looking at its mistakes; `generated-heldout` is drawn the
 * same way from another seed, and nobody tunes on it or looks at its mistakes: only its figures are read, to see
 * whether what was tuned on the dev set holds.
 */
type GeneratedSet = { name: string; role: DataSetRole; seed: string; persons: number };

export const GENERATED_SETS: readonly GeneratedSet[] = [
  { name: 'generated-dev', role: 'dev', seed: 'resolution-dev-1', persons: 1_200 },
  { name: 'generated-heldout', role: 'held-out', seed: 'resolution-heldout-1', persons: 1_200 },
];

export const DATA_SET_NAMES: readonly string[] = [FAKE_1000.name, FEBRL4_RESOLUTION.name, ...GENERATED_SETS.map((set) => set.name)];

/** A generated set's records as the bench reads them: the generator's truth is the person's id. */
export function generatedDataSet(set: GeneratedSet): DataSet {
  const generated = generateSources({ seed: set.seed, persons: set.persons });
  return {
    name: set.name,
    role: set.role,
    about: `generated, seed ${set.seed}, ${set.persons.toLocaleString('en-US')} persons`,
    records: generated.records.map(({ record }) => record),
    generated,
  };
}

/**
 * The named data sets, in the order named; fake_1000 is read from `dataDir`, which the others do not need, and
 * FEBRL 4 fetched the first time (`progress` says so).
 */
export async function loadDataSets(names: readonly string[], dataDir: string, progress: (line: string) => void = () => {}): Promise<DataSet[]> {
  const unknown = names.filter((name) => !DATA_SET_NAMES.includes(name));
  if (unknown.length > 0) throw new Error(`no data set ${unknown.join(', ')}: the sets are ${DATA_SET_NAMES.join(', ')}`);
  return Promise.all(
    names.map((name) => {
      const generated = GENERATED_SETS.find((set) => set.name === name);
      if (generated) return generatedDataSet(generated);
      return name === FEBRL4_RESOLUTION.name ? readFebrl4Resolution(progress) : readFake1000(dataDir);
    }),
  );
}
