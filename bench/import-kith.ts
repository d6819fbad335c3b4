import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import type { BenchMode } from './kith-processes.ts';
import { repoRoot, runCommand } from './processes.ts';
import { watchPeakRss } from './rss.ts';

/**
 * Kith's side of the import-resolution scenario: the sources imported with the CLI (`node bin/kith.js import
 * persons`), one process a source, into a database of their own, timed, with each process's peak memory and the
 * database's size on disk afterwards.
 */

/** What `kith --json import persons` prints: the import's summary, the training after it and the resolution. */
const ImportSummary = z.looseObject({
  lines: z.number(),
  imported: z.number(),
  rejectedCount: z.number(),
  seconds: z.number(),
  training: z.looseObject({ seconds: z.number() }).optional(),
  resolution: z.object({ resolved: z.number(), merged: z.number(), split: z.number(), moved: z.number(), seconds: z.number() }).optional(),
});

export type ImportStep = {
  source: string;
  /** The whole command, start-up to exit. */
  seconds: number;
  peakRssMb: number;
  summary: z.infer<typeof ImportSummary>;
};

/** A fresh database: the environment the CLI is run with, its size on disk, and how to remove it. */
export type BenchDatabase = { label: string; env: Record<string, string>; diskMb(): Promise<number>; remove(): Promise<void> };

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const QUIET = { KITH_DEMO: 'false', LOG_LEVEL: 'warn', KAFKA_BROKERS: '', CLICKHOUSE_URL: '' };

/**
 * A new database named for this run and `label`: distributed, on the PostgreSQL server of `serverUrl` (named
 * `kith_bench_import_…`); embedded, a new data directory with DATABASE_URL blank.
 */
export async function freshDatabase(mode: BenchMode, label: string, serverUrl: string | undefined): Promise<BenchDatabase> {
  if (mode === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), `kith-bench-import-${label}-`));
    return {
      label,
      env: { ...QUIET, KITH_DATA_DIR: dir, DATABASE_URL: '' },
      diskMb: async () => Math.round(Number((await runCommand('du', ['-sk', dir])).split('\t')[0]) / 102.4) / 10,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `kith_bench_import_${process.pid}_${label}`;
  await sql(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql(serverUrl!, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    label,
    env: { ...QUIET, DATABASE_URL: url.toString() },
    diskMb: async () => {
      const [row] = await sql<{ bytes: string }>(url.toString(), 'SELECT pg_database_size(current_database()) AS bytes');
      return Math.round(Number(row!.bytes) / 104857.6) / 10;
    },
    remove: async () => void (await sql(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** Runs `node bin/kith.js --json <args>` on the database; its stdout (JSON), wall time and peak RSS. */
async function kith(args: string[], database: BenchDatabase): Promise<{ stdout: string; seconds: number; peakRssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/kith.js', '--json', ...args], { cwd: repoRoot, env: { ...process.env, ...database.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const rss = watchPeakRss(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const [code] = (await once(child, 'close')) as [number | null];
  const figures = { stdout, seconds: (performance.now() - started) / 1000, peakRssMb: rss.stop() };
  if (code !== 0) throw new Error(`kith ${args.join(' ')} exited ${code}:\n${stdout.slice(0, 2000)}${stderr.trim()}`);
  return figures;
}

/** Imports one source's file: with `resolve`, the import resolves what it queued before it returns. */
export async function importSource(database: BenchDatabase, source: string, file: string, resolve: boolean): Promise<ImportStep> {
  const { stdout, seconds, peakRssMb } = await kith(['import', 'persons', ...(resolve ? [] : ['--no-resolve']), '--source', source, file], database);
  return { source, seconds, peakRssMb, summary: ImportSummary.parse(JSON.parse(stdout)) };
}

/** The database's persons exported to `out` (`kith export persons`): how many, and how long that took. */
export async function exportPersons(database: BenchDatabase, out: string): Promise<{ persons: number; seconds: number }> {
  const { stdout, seconds } = await kith(['export', 'persons', '--out', out], database);
  return { persons: z.object({ persons: z.number() }).parse(JSON.parse(stdout)).persons, seconds };
}
