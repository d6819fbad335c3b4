import { populationOf, type Person } from './population.ts';
import { randomOf } from './random.ts';
import { renderRecord, type AppliedError, type RecordValues } from './render.ts';
import { SOURCES, type SourceProfile } from './sources.ts';

/**
 * The multi-source generator: a population (./population.ts) recorded by several sources (./sources.ts), each
 * holding its share of the persons, in its own way and with its own errors (./render.ts, ./errors.ts), with the
 * truth of which records are one person. Pure and seeded: the same seed and options give the same records, and
 * nothing is read from the clock or the machine.
 *
 * A source's records are shuffled and numbered in that order (`100001`, ...), so that neither a record's id nor
 * its place in the source says which person it is or which records of other sources are the same person.
 */
export type GenerateOptions = { seed: string | number; persons: number; sources?: readonly SourceProfile[] };

/** A record with its truth: `cluster` is the person's id. */
export type SourceRecord = RecordValues & { source: string; id: string; cluster: string };
/** A record and how it was made: the errors made in it, whether it is of the person's earlier state, a source's second record of the person. */
export type GeneratedRecord = { record: SourceRecord; errors: AppliedError[]; stale: boolean; duplicate: boolean };
export type GeneratedSet = { persons: Person[]; records: GeneratedRecord[] };

export function generateSources(options: GenerateOptions): GeneratedSet {
  const seed = String(options.seed);
  const persons = populationOf(randomOf(seed).fork('population'), options.persons);
  const records: GeneratedRecord[] = [];
  for (const source of options.sources ?? SOURCES) {
    const random = randomOf(seed).fork(`source:${source.name}`);
    const made: (Omit<GeneratedRecord, 'record'> & { person: Person; values: RecordValues })[] = [];
    for (const person of persons) {
      if (!random.chance(source.coverage)) continue;
      const copies = random.chance(source.duplicates) ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) made.push({ person, ...renderRecord(random, person, source), duplicate: copy > 0 });
    }
    random.shuffle(made).forEach(({ person, values, errors, stale, duplicate }, at) => {
      records.push({ record: { source: source.name, id: String(100_001 + at), cluster: person.id, ...values }, errors, stale, duplicate });
    });
  }
  return { persons, records };
}
