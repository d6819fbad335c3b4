import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { generatePersons } from '../adapters/persons/generate.ts';
import { runCommand } from './processes.ts';

/** Generated persons of the person.enrich scenarios: made and imported once, then reused by every run. */
export const BENCH_PERSONS = { count: 1_000_000, seed: 11 };
const DATABASE = 'kith_bench_persons';
const FILES = '/var/tmp/kith-bench';

/** The first generated person: the one the load looks up (its personal email). */
export const benchPersonEmail = (): string => generatePersons({ count: 1, seed: BENCH_PERSONS.seed }).next().value!.details.emails[0]!.value.trim();

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database of its own holding the generated persons (so the test database stays small), filled with
 * `kith generate persons` and `kith import persons` when it is not full yet; the import rate is reported.
 * Returns the DATABASE_URL for Kith.
 */
export async function preparePersonDatabase(serverUrl: string, progress: (line: string) => void): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const exists = await query(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`);
  if (exists.length === 0) await query(serverUrl, `CREATE DATABASE ${DATABASE}`);
  const [table] = await query<{ name: string | null }>(url.toString(), `SELECT to_regclass('persons')::text AS name`);
  const [held] = table?.name ? await query<{ count: string }>(url.toString(), 'SELECT count(*) FROM persons') : [{ count: '0' }];
  if (Number(held!.count) >= BENCH_PERSONS.count) {
    progress(`${DATABASE} holds ${Number(held!.count).toLocaleString('en')} persons already`);
    return url.toString();
  }

  await mkdir(FILES, { recursive: true });
  const file = join(FILES, `persons-${BENCH_PERSONS.count}-seed${BENCH_PERSONS.seed}.ndjson`);
  if (!existsSync(file)) {
    progress(`generating ${BENCH_PERSONS.count.toLocaleString('en')} persons into ${file}`);
    await runCommand('node', ['bin/kith.js', 'generate', 'persons', '--count', `${BENCH_PERSONS.count}`, '--seed', `${BENCH_PERSONS.seed}`, '--out', file]);
  }
  progress(`importing ${file} into ${DATABASE}`);
  const started = performance.now();
  const summary = JSON.parse(await runCommand('node', ['bin/kith.js', '--json', 'import', 'persons', file], { DATABASE_URL: url.toString() })) as {
    imported: number;
    updated: number;
  };
  const seconds = (performance.now() - started) / 1000;
  const persons = summary.imported + summary.updated;
  progress(`imported ${persons.toLocaleString('en')} persons in ${seconds.toFixed(1)} s: ${Math.round(persons / seconds).toLocaleString('en')} persons/s`);
  return url.toString();
}
