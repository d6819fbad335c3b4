import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { runCommand } from './processes.ts';

const FILES = '/var/tmp/kith-bench';

/**
 * A generated dataset of a benchmark: what `kith generate|import <kind>` makes (with `generateArgs`, more options of
 * `kith generate`), and the database that keeps it.
 */
export type BenchDataset = { kind: 'persons' | 'companies'; count: number; seed: number; database: string; generateArgs?: string[] };

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
 * A database of its own holding the generated dataset (so the test database stays small), filled with
 * `kith generate` and `kith import` when it is not full yet; the import rate is reported. Returns the
 * DATABASE_URL for Kith.
 */
export async function prepareDataDatabase(dataset: BenchDataset, serverUrl: string, progress: (line: string) => void): Promise<string> {
  const { kind, count, database } = dataset;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const exists = await query(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${database}'`);
  if (exists.length === 0) await query(serverUrl, `CREATE DATABASE ${database}`);
  const [table] = await query<{ name: string | null }>(url.toString(), `SELECT to_regclass('${kind}')::text AS name`);
  const [held] = table?.name ? await query<{ count: string }>(url.toString(), `SELECT count(*) FROM ${kind}`) : [{ count: '0' }];
  if (Number(held!.count) >= count) {
    progress(`${database} holds ${Number(held!.count).toLocaleString('en')} ${kind} already`);
    await forgetEarlierDeliveries(url.toString(), progress);
    await warmPageCache(url.toString(), progress);
    return url.toString();
  }

  const file = await datasetFile(dataset, progress);
  progress(`importing ${file} into ${database}`);
  const started = performance.now();
  const summary = JSON.parse(await runCommand('node', ['bin/kith.js', '--json', 'import', kind, file], { DATABASE_URL: url.toString() })) as {
    imported: number;
    updated: number;
  };
  const seconds = (performance.now() - started) / 1000;
  const records = summary.imported + summary.updated;
  progress(`imported ${records.toLocaleString('en')} ${kind} in ${seconds.toFixed(1)} s: ${Math.round(records / seconds).toLocaleString('en')} ${kind}/s`);
  await warmPageCache(url.toString(), progress);
  return url.toString();
}

/**
 * Reads every table and index of the dataset's database through the operating system's page cache (pg_prewarm's
 * `read` mode), so that a run measures a server whose data is in memory, as a long-running one's is, and not the disk:
 * on a cache left cold by other work, one name and address's candidates by blocking keys took 20.9 ms (55 index pages
 * from disk), and 3.6 ms once the cache held the index (bench/README.md, "A warm page cache").
 */
async function warmPageCache(url: string, progress: (line: string) => void): Promise<void> {
  await query(url, 'CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  const [warmed] = await query<{ bytes: string }>(
    url,
    `SELECT (sum(pg_prewarm(c.oid::regclass, 'read')) * current_setting('block_size')::bigint)::text AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')`,
  );
  progress(`read ${(Number(warmed?.bytes ?? 0) / 1e9).toFixed(1)} GB of tables and indexes into the page cache`);
}

/**
 * Empties the webhook deliveries that earlier runs left in the dataset's database (Kith's migrations made its tables
 * with the import): each webhook run stores one a request, kept for weeks, and 1,200,000 of them (2.6 GB) had come to
 * vie with the dataset for the page cache and keep autovacuum busy during every later run.
 */
async function forgetEarlierDeliveries(url: string, progress: (line: string) => void): Promise<void> {
  progress('emptying the webhook deliveries that earlier runs left');
  await query(url, 'TRUNCATE webhook_deliveries, webhook_attempts');
}

/** The dataset's NDJSON file (kept under /var/tmp/kith-bench), made with `kith generate` unless it is there already. */
export async function datasetFile(dataset: BenchDataset, progress: (line: string) => void): Promise<string> {
  const { kind, count, seed, database } = dataset;
  await mkdir(FILES, { recursive: true });
  const file = join(FILES, `${database}-${count}-seed${seed}.ndjson`);
  if (!existsSync(file)) {
    progress(`generating ${count.toLocaleString('en')} ${kind} into ${file}`);
    // Written under another name first, so that a run stopped half-way leaves no file that looks complete.
    await runCommand('node', ['bin/kith.js', 'generate', kind, '--count', `${count}`, '--seed', `${seed}`, ...(dataset.generateArgs ?? []), '--out', `${file}.partial`]);
    await rename(`${file}.partial`, file);
  }
  return file;
}

/**
 * Drops the server's databases whose names `stale` picks (datasets of a bench that another one replaced) and
 * their files.
 */
export async function dropDatabases(serverUrl: string, stale: (name: string) => boolean, progress: (line: string) => void): Promise<void> {
  const files = existsSync(FILES) ? await readdir(FILES) : [];
  for (const { datname } of await query<{ datname: string }>(serverUrl, 'SELECT datname FROM pg_database')) {
    if (!stale(datname)) continue;
    progress(`dropping ${datname} and its file: its persons were imported by other code`);
    await query(serverUrl, `DROP DATABASE ${datname} WITH (FORCE)`);
    for (const file of files.filter((name) => name.startsWith(`${datname}-`))) await rm(join(FILES, file), { force: true });
  }
}
