import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import { generatePersons } from '../synthetic/persons/generate.ts';
import { randomOf } from '../synthetic/resolution/random.ts';
import { IMPORT_SOURCES, personsFor, sourceCopy, sourcesOf, splinkRow, type ImportSource, type RecordLocation } from './import-sources.ts';

/** Where bench datasets are kept between runs (bench/data-database.ts keeps its files there too). */
const FILES = '/var/tmp/kith-bench';

/** The import-resolution scenario's records: one NDJSON file a source, and the same records as Splink reads them. */
export type ImportDataset = { dir: string; sources: Record<ImportSource, string>; splinkRecords: string; persons: number; records: number };

const filesOf = (dir: string, records: number): ImportDataset => ({
  dir,
  sources: Object.fromEntries(IMPORT_SOURCES.map((source) => [source, join(dir, `${source}.ndjson`)])) as Record<ImportSource, string>,
  splinkRecords: join(dir, 'splink-records.json'),
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
  if (existsSync(dataset.dir)) return dataset;
  const partial = filesOf(`${dataset.dir}.partial`, records);
  await rm(partial.dir, { recursive: true, force: true });
  await mkdir(partial.dir, { recursive: true });
  progress(`generating ${records.toLocaleString('en-US')} records of ${partial.persons.toLocaleString('en-US')} persons into ${dataset.dir}`);
  const started = performance.now();

  const outs = Object.fromEntries(IMPORT_SOURCES.map((source) => [source, createWriteStream(partial.sources[source])])) as Record<ImportSource, WriteStream>;
  const splink = createWriteStream(partial.splinkRecords);
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
      written += 1;
    }
    olderLocation = person.details.locations[0] ?? olderLocation;
    index += 1;
  }
  await write(splink, ']\n');
  for (const out of [...Object.values(outs), splink]) {
    out.end();
    await finished(out);
  }
  await rename(partial.dir, dataset.dir);
  const each = IMPORT_SOURCES.map((source) => `${source} ${counts[source].toLocaleString('en-US')}`).join(', ');
  progress(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${each}`);
  return dataset;
}
