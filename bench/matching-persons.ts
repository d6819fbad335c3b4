import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { writeNdjson } from '../adapters/ndjson/write.ts';
import { generatePersons } from '../synthetic/persons/generate.ts';
import { COUNTRY_CODES } from '../synthetic/persons/generated-countries.ts';
import { datasetFile, dropDatabases, prepareDataDatabase, type BenchDataset } from './data-database.ts';
import { importFingerprint } from './import-fingerprint.ts';
import type { BenchMode, KithDeployment } from './kith-processes.ts';

/** Bumped whenever the generator's output changes, so that a database of older persons is not reused. */
const DATASET_VERSION = 1;
const DATABASE_PREFIX = 'kith_bench_matching_';

export type SplitPersons = {
  /** The persons file: what was (or is to be) imported, and what answers are known by. */
  file: string;
  /** DATABASE_URL and KAFKA_BROKERS in distributed mode. */
  services: Record<string, string>;
  /** Whether the database holds them already; if not, `loadPersons` once Kith runs. */
  imported: boolean;
  /** How long generating and importing them took here (about 0 for a database that held them already). */
  importSeconds: number;
};

export async function writeLines(file: string, lines: Iterable<unknown>): Promise<void> {
  const out = createWriteStream(file);
  await writeNdjson(out, lines);
  out.end();
  await finished(out);
}

/**
 * A split's persons, in every country of the generator. Embedded, or without households (which `kith generate`
 * always makes), the file is written into the run's directory, to be loaded through the admin API once Kith runs. Distributed, they live in a database of their own, filled with
 * `kith generate` and `kith import` the first time and reused after, named after the import's code too: a database
 * that older code filled holds other keys, and is dropped.
 */
export async function preparePersons(options: {
  split: { name: string; personsSeed: number; households: boolean };
  count: number;
  mode: BenchMode;
  files: string;
  services: Record<string, string>;
  progress(line: string): void;
}): Promise<SplitPersons> {
  const { split, count, progress } = options;
  if (options.mode === 'embedded' || !split.households) {
    const file = join(options.files, `${split.name}-persons.ndjson`);
    await writeLines(file, generatePersons({ count, seed: split.personsSeed, countries: COUNTRY_CODES, householdShare: split.households ? undefined : 0 }));
    return { file, services: options.services, imported: false, importSeconds: 0 };
  }
  const suffix = `_${split.name}_${count}`;
  const database = `${DATABASE_PREFIX}${DATASET_VERSION}_${await importFingerprint()}${suffix}`;
  const serverUrl = options.services.DATABASE_URL!;
  await dropDatabases(serverUrl, (name) => name.startsWith(DATABASE_PREFIX) && name.endsWith(suffix) && name !== database, progress);
  const dataset: BenchDataset = { kind: 'persons', count, seed: split.personsSeed, database, generateArgs: ['--countries', 'all'] };
  const started = performance.now();
  const url = await prepareDataDatabase(dataset, serverUrl, progress);
  const file = await datasetFile(dataset, progress);
  const importSeconds = (performance.now() - started) / 1000;
  progress(`${split.name}: persons in ${database} (${importSeconds.toFixed(1)} s), file ${file}`);
  return { file, services: { DATABASE_URL: url, KAFKA_BROKERS: options.services.KAFKA_BROKERS! }, imported: true, importSeconds };
}

/** Loads the persons file into the running embedded Kith through the admin API, as a stream. */
export async function loadPersons(kith: KithDeployment, file: string): Promise<void> {
  const response = await fetch(`${kith.urls[0]}/admin/persons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'application/x-ndjson' },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/admin/persons answered ${response.status}: ${text}`);
  const summary = JSON.parse(text) as { rejectedCount: number };
  if (summary.rejectedCount > 0) throw new Error(`/admin/persons rejected ${summary.rejectedCount} lines of ${file}: ${text.slice(0, 500)}`);
}
