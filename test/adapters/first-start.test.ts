import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_START_DONE, HalfMadeDatabase } from '../../adapters/db/first-start-done.ts';
import { openDatabase } from '../../adapters/db/open.ts';
import type { ClusterSeed } from '../../adapters/db/pglite-cluster.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import type { StopAt } from '../fixtures/stopped-seed.ts';
import { runProcess, startScript } from '../support/processes.ts';
import { waitFor } from '../support/wait-for.ts';

/** docs/decisions.md, "A first start stopped half-way". */

const FIRST_START = new URL('../../composition/first-start.ts', import.meta.url).href;
const STOPPED_SEED = new URL('../fixtures/stopped-seed.ts', import.meta.url).href;
const CLUSTER_CHILD = fileURLToPath(new URL('../../adapters/db/pglite-cluster-main.ts', import.meta.url));

/** The embedded first start as main.ts asks for it: migrations and the demo, printed to `output`. */
const demoSeed = (output: string[], demo = true): ClusterSeed => ({
  module: FIRST_START,
  options: { demo, train: false },
  output: (text) => output.push(text),
});

/** The same first start, stopped at `stopAt`: whatever it would print is a failure of the test. */
const stoppedSeed = (stopAt: StopAt): ClusterSeed => ({
  module: STOPPED_SEED,
  options: { demo: true, train: false, stopAt },
  output: (text) => {
    throw new Error(`a first start that was stopped printed: ${text}`);
  },
});

/** Points of the first start, each before a statement it makes, in the order it makes them. */
const KILL_POINTS: Omit<StopAt, 'signal'>[] = [
  { statement: 'INSERT INTO kith_migrations', nth: 3 }, // inside the migrations' transaction
  { statement: 'INSERT INTO persons', nth: 2 }, // the first batch of persons written, not the second
  { statement: 'INSERT INTO companies', nth: 1 }, // every person, no company
  { statement: 'INSERT INTO record_persons', nth: 1 }, // the records loaded, not yet resolved into persons
  { statement: 'INSERT INTO accounts', nth: 1 }, // everything but the demo account
  { statement: 'INSERT INTO api_keys', nth: 1 }, // the account, without the key it would print
];

const open = (dataDir: string, seed: ClusterSeed) => openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1, seedNewCluster: seed });

/** What the data directory holds, its lock aside. */
const entries = async (dataDir: string) => (await readdir(dataDir)).filter((name) => name !== 'kith.lock').sort();

async function demoIn(db: SqlClient) {
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const accounts = await db.query<{ name: string }>('SELECT name FROM accounts ORDER BY name');
  return {
    accounts: accounts.map((account) => account.name),
    keys: await count('api_keys'),
    persons: await count('persons'),
    companies: await count('companies'),
  };
}

const WHOLE_DEMO = { accounts: ['Demo'], keys: 1, persons: 1000, companies: 1000 };

async function expectWholeDemo(dataDir: string, output: string[]) {
  const db = await open(dataDir, demoSeed(output));
  try {
    expect(await demoIn(db)).toEqual(WHOLE_DEMO);
  } finally {
    await db.close();
  }
  expect(output).toHaveLength(1);
  expect(output[0]).toMatch(/API key: +kith_\w+/);
  expect(await entries(dataDir)).toEqual(['pgdata']);
  expect(await readdir(join(dataDir, 'pgdata'))).toContain(FIRST_START_DONE);
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): state, parent pid, ... */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** The processes whose parent is `pid`, from /proc. */
async function childrenOf(pid: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((name) => readFile(`/proc/${name}/stat`, 'utf8').catch(() => '')));
  return pids.filter((_, index) => statFields(stats[index]!)[1] === String(pid)).map(Number);
}

/** A process's state letter (R, S, T for stopped, Z for a zombie), or undefined once it is gone. */
const stateOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined ? undefined : statFields(stat)[0];
};

describe.skipIf(process.platform !== 'linux')('a first start stopped half-way', () => {
  const dirs: string[] = [];
  const fresh = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kith-first-start-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('leaves nothing in place when its seeding child is killed at any of several points, and the next start makes the whole demo', async () => {
    const dataDir = await fresh();
    for (const point of KILL_POINTS) {
      await expect(open(dataDir, stoppedSeed({ ...point, signal: 'SIGKILL' })), point.statement).rejects.toThrow(
        `could not create the embedded database in ${join(dataDir, 'pgdata')}: its first start was stopped (SIGKILL)`,
      );
      expect(await entries(dataDir), point.statement).toEqual([]);
    }
    await expectWholeDemo(dataDir, []);
  }, 600_000);

  it('stops the seeding child when the process making the database is killed, and the next start removes what it left', async () => {
    const dataDir = await fresh();
    const stopAt: StopAt = { statement: 'INSERT INTO persons', nth: 1, signal: 'SIGSTOP' };
    const parent = startScript('first-start-parent.ts', [dataDir, JSON.stringify(stopAt)]);
    let child: number | undefined;
    await waitFor(
      'the seeding child held before its first person',
      async () => {
        const children = await childrenOf(parent.child.pid!);
        const states = await Promise.all(children.map(stateOf));
        child = children.find((_, index) => states[index] === 'T');
        return child !== undefined;
      },
      { timeoutMs: 120_000, progress: parent.output },
    );
    parent.child.kill('SIGKILL');
    expect(await parent.ended).toBe('SIGKILL');
    process.kill(child!, 'SIGCONT');
    await waitFor('the orphaned seeding child to stop', async () => [undefined, 'Z'].includes(await stateOf(child!)), { timeoutMs: 60_000 });

    expect(await entries(dataDir)).toEqual([expect.stringMatching(/^pgdata\.seeding-/)]);
    await expectWholeDemo(dataDir, []);
  }, 600_000);

  describe('made in place by an earlier Kith', () => {
    /** What a Kith before 2026-11-27 did on a first start: the same child made and seeded the cluster right in pgdata. */
    const madeInPlace = (pgdata: string, seed: Pick<ClusterSeed, 'module' | 'options'>) =>
      runProcess(process.execPath, ['--import', 'tsx', CLUSTER_CHILD, pgdata, seed.module, JSON.stringify(seed.options)], {});

    it('is refused when its first start was stopped, saying so and how to start clean, which then gets the whole demo', async () => {
      const dataDir = await fresh();
      const pgdata = join(dataDir, 'pgdata');
      const stopped = await madeInPlace(pgdata, stoppedSeed({ statement: 'INSERT INTO companies', nth: 1, signal: 'SIGKILL' }));
      expect(stopped.code, stopped.stderr).toBeNull();

      const output: string[] = [];
      const refusal = await open(dataDir, demoSeed(output)).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HalfMadeDatabase);
      expect((refusal as Error).message).toBe(
        `KITH_DATA_DIR: the embedded database in ${pgdata} is half-made: an earlier Kith made it in place, and its first start ` +
          "was stopped before it finished (it holds no account, and the demo's account is the last thing a first start makes). " +
          `To start clean, stop Kith and delete ${pgdata} (the next start makes it again, with the demo unless KITH_DEMO=false), ` +
          `or set KITH_DATA_DIR to a new directory. To keep it as it is, create the file ${join(pgdata, FIRST_START_DONE)}.`,
      );
      expect(output).toEqual([]);
      expect(await readdir(pgdata)).not.toContain(FIRST_START_DONE);

      // As the operator meets it: one line, no stack trace.
      const kith = await runProcess(process.execPath, ['--import', 'tsx', 'main.ts'], {
        KITH_DATA_DIR: dataDir,
        PORT: '0',
        DATABASE_URL: '',
        KAFKA_BROKERS: '',
        CLICKHOUSE_URL: '',
      });
      expect(kith.code).toBe(1);
      expect(kith.stderr).toBe(`kith: ${(refusal as Error).message}\n`);

      await rm(pgdata, { recursive: true });
      await expectWholeDemo(dataDir, []);
    }, 600_000);

    it('is taken as finished when it holds an account, and marked so: opened as it is, never seeded again', async () => {
      const dataDir = await fresh();
      const pgdata = join(dataDir, 'pgdata');
      const made = await madeInPlace(pgdata, { module: FIRST_START, options: { demo: true, train: false } });
      expect(made.code, made.stderr).toBe(0);
      const output: string[] = [];
      const db = await open(dataDir, demoSeed(output));
      try {
        expect(await demoIn(db)).toEqual(WHOLE_DEMO);
      } finally {
        await db.close();
      }
      expect(output).toEqual([]);
      expect(await readdir(pgdata)).toContain(FIRST_START_DONE);
    }, 600_000);

    it('is refused when it was stopped while its database was created; an empty directory is made anew', async () => {
      const dataDir = await fresh();
      const pgdata = join(dataDir, 'pgdata');
      await mkdir(join(pgdata, 'base'), { recursive: true });
      await writeFile(join(pgdata, 'postgresql.conf'), '');
      await expect(open(dataDir, demoSeed([], false))).rejects.toThrow(
        `the embedded database in ${pgdata} is half-made: an earlier Kith made it in place, and its first start was ` +
          'stopped while it created the database',
      );

      await rm(pgdata, { recursive: true });
      await mkdir(pgdata);
      const db = await open(dataDir, demoSeed([], false));
      await db.close();
      expect(await readdir(pgdata)).toEqual(expect.arrayContaining(['PG_VERSION', FIRST_START_DONE]));
    }, 120_000);
  });
});
