import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { freshPostgresDatabase } from './fresh-database.ts';
import { runCli } from './processes.ts';
import { scratchDir } from './scratch-dir.ts';

/** A person as `kith export persons` writes it. */
export type Exported = { personId: string; records: Array<{ source: string; id: string }>; mergedIds: string[] };

/** The persons of an export in id order, the records of each by source, then id. */
export const personsIn = (ndjson: string): Exported[] =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line): Exported => JSON.parse(line))
    .map((person) => ({ ...person, records: [...person.records].sort((a, b) => a.source.localeCompare(b.source) || a.id.localeCompare(b.id)) }))
    .sort((a, b) => Number(a.personId) - Number(b.personId));

/**
 * How long a test of the suites that drive the CLI may take (`vi.setConfig` in each): every command is a process
 * that opens the database, PGlite's taking 10 to 15 s on a busy machine, and a test runs up to six of them. CI saw
 * the staged-sources test pass the default 60 s.
 */
export const CLI_SUITE_TEST_TIMEOUT_MS = 300_000;

/** The databases the CLI runs on, each a suite's alone: the embedded one in KITH_DATA_DIR, or PostgreSQL (DATABASE_URL). */
export const GRAPH_DATABASES = [
  { name: 'embedded data directory', database: async () => '' },
  {
    name: 'PostgreSQL',
    database: async (cleanups: (() => Promise<void>)[]) => {
      const database = await freshPostgresDatabase();
      cleanups.push(database.drop);
      return database.url;
    },
  },
];

/**
 * `kith import persons`, `kith export persons` and the rest as an operator runs them, each a process of its own, on
 * the database given, with files written in a scratch directory; `cleanups` removes them both.
 */
async function graphCli(database: (cleanups: (() => Promise<void>)[]) => Promise<string>, cleanups: (() => Promise<void>)[]) {
  const dir = await scratchDir('kith-graph-', cleanups);
  const env = { DATABASE_URL: await database(cleanups), KITH_DATA_DIR: dir };
  const kith = (...args: string[]) => runCli(args, env);
  return {
    dir,
    kith,
    /** Writes the records as an NDJSON file in the scratch directory and answers its path. */
    fileOf: async (name: string, records: object[]) => {
      const file = join(dir, name);
      await writeFile(file, records.map((line) => `${JSON.stringify(line)}\n`).join(''));
      return file;
    },
    importPersons: async (...args: string[]) => {
      const run = await kith('import', 'persons', ...args);
      expect(run.code, run.stderr).toBe(0);
    },
    exported: async () => {
      const run = await kith('export', 'persons');
      expect(run.code, run.stderr).toBe(0);
      return personsIn(run.stdout);
    },
  };
}

export type GraphCli = Awaited<ReturnType<typeof graphCli>>;

/** graphCli for a suite: made before its tests, removed after them; the getter answers it inside a test. */
export function graphCliOfSuite(database: (cleanups: (() => Promise<void>)[]) => Promise<string>): () => GraphCli {
  const cleanups: (() => Promise<void>)[] = [];
  let cli: GraphCli | undefined;
  beforeAll(async () => {
    cli = await graphCli(database, cleanups);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return () => cli!;
}
