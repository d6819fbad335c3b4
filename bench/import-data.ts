import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import { generatePersons } from '../synthetic/persons/generate.ts';
import { randomOf } from '../synthetic/resolution/random.ts';
import { recordKey } from './resolution-data.ts';
import type { Truth } from './resolution-score.ts';
import { IMPORT_SOURCES, personsFor, sourceCopy, sourcesOf, splinkRow, type ImportSource, type RecordLocation } from './import-sources.ts';

/** Where bench datasets are kept between runs (bench/data-database.ts keeps its files there too). */
const FILES = '/var/tmp/kith-bench';

/**
 * The import-resolution scenario's records: one NDJSON file a source, the same records as Splink reads them, and
 * the truth (`truth.ndjson`: a line `[record key, person]` a record, the key as an export names it, `source:id`).
 */
export type ImportDataset = { dir: string; sources: Record<ImportSource, string>; splinkRecords: string; truth: string; persons: number; records: number };

const filesOf = (dir: string, records: number): ImportDataset => ({
  dir,
  sources: Object.fromEntries(IMPORT_SOURCES.map((source) => [source, join(dir, `${source}.ndjson`)])) as Record<ImportSource, string>,
  splinkRecords: join(dir, 'splink-records.json'),
  truth: join(dir, 'truth.ndjson'),
  persons: personsFor(records),
  records,
});

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * The three sources' files of `records` records made from `seed` (kept under /var/tmp/kith-bench, made unless there
 * already): `kith generate persons`'s persons, dealt out to the sources by bench/import-sources.ts. Written into a
 * folder of another name first, so that a run stopped half-way leaves nothing that looks complete.
 */
export async function importDataset(records: number, seed: number, progress: (line: string) => void): Promise<ImportDataset> {
  const dataset = filesOf(join(FILES, `import-resolution-${records}-seed${seed}`), records);
  if (existsSync(dataset.truth)) return dataset;
  // A folder made before the truth was written is made again.
  await rm(dataset.dir, { recursive: true, force: true });
  const partial = filesOf(`${dataset.dir}.partial`, records);
  await rm(partial.dir, { recursive: true, force: true });
  await mkdir(partial.dir, { recursive: true });
  progress(`generating ${records.toLocaleString('en-US')} records of ${partial.persons.toLocaleString('en-US')} persons into ${dataset.dir}`);
  const started = performance.now();

  const outs = Object.fromEntries(IMPORT_SOURCES.map((source) => [source, createWriteStream(partial.sources[source])])) as Record<ImportSource, WriteStream>;
  const splink = createWriteStream(partial.splinkRecords);
  const truth = createWriteStream(partial.truth);
  const counts = Object.fromEntries(IMPORT_SOURCES.map((source) => [source, 0])) as Record<ImportSource, number>;
  const random = randomOf(`import-resolution/${seed}`);
  let written = 0;
  let index = 0;
  /** The address of the person generated before: where a copy with an older address had the person live. */
  let olderLocation: RecordLocation | undefined;
  await write(splink, '[');
  for (const person of generatePersons({ count: dataset.persons, seed })) {
    for (const [copy, source] of sourcesOf(index, random).entries()) {
      if (written === records) break;
      counts[source] += 1;
      const record = sourceCopy(person, { id: `${source}-${counts[source]}`, primary: copy === 0, olderLocation }, random);
      await write(outs[source], `${JSON.stringify(record)}\n`);
      await write(splink, `${written === 0 ? '' : ',\n'}${JSON.stringify(splinkRow(source, record))}`);
      await write(truth, `${JSON.stringify([recordKey({ source, id: record.id }), index])}\n`);
      written += 1;
    }
    olderLocation = person.details.locations[0] ?? olderLocation;
    index += 1;
  }
  await write(splink, ']\n');
  for (const out of [...Object.values(outs), splink, truth]) {
    out.end();
    await finished(out);
  }
  await rename(partial.dir, dataset.dir);
  const each = IMPORT_SOURCES.map((source) => `${source} ${counts[source].toLocaleString('en-US')}`).join(', ');
  progress(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${each}`);
  return dataset;
}

/** The dataset's truth (ImportDataset): each record's person, by record key. */
export async function readTruth(dataset: ImportDataset): Promise<Truth> {
  const lines = (await readFile(dataset.truth, 'utf8')).split('\n').filter((line) => line !== '');
  return new Map(
    lines.map((line) => {
      const [key, person] = JSON.parse(line) as [string, number];
      return [key, String(person)];
    }),
  );
}
