import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePgliteCluster } from '../../adapters/db/pglite-cluster.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';

/** docs/decisions.md, "The embedded database's memory". */
describe("the embedded database's memory", () => {
  const dirs: string[] = [];
  const fresh = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kith-cluster-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('makes a new data directory\'s cluster in a child process, which then opens and keeps what is written, and leaves an existing one alone', async () => {
    const dir = await fresh();
    await ensurePgliteCluster(dir);
    const made = await stat(join(dir, 'PG_VERSION'));

    const db = await createPgliteClient(dir);
    await db.query('CREATE TABLE kept (n integer)');
    await db.query('INSERT INTO kept VALUES (7)');
    await db.close();

    await ensurePgliteCluster(dir);
    expect((await stat(join(dir, 'PG_VERSION'))).mtimeMs).toBe(made.mtimeMs);
    const reopened = await createPgliteClient(dir);
    expect(await reopened.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await reopened.close();
  });

  it("seeds a new cluster in the child that made it, passing on the seed's output, and never seeds an existing one", async () => {
    const dir = await fresh();
    const output: string[] = [];
    const seed = { module: new URL('../fixtures/cluster-seed.ts', import.meta.url).href, options: { n: 42 }, output: (text: string) => output.push(text) };
    await ensurePgliteCluster(dir, seed);
    expect(output).toEqual(['seeded 42']);

    await ensurePgliteCluster(dir, { ...seed, options: { n: 43 } });
    expect(output).toEqual(['seeded 42']);
    const db = await createPgliteClient(dir);
    expect(await db.query('SELECT n FROM seeded')).toEqual([{ n: 42 }]);
    await db.close();
  });

  it('opens with the shared memory of one connection: 16 MB of buffers', async () => {
    const db = await createPgliteClient(undefined);
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    expect(await db.query('SHOW max_connections')).toEqual([{ max_connections: '5' }]);
    await db.close();
  });

  it('says which directory it could not make a cluster in', async () => {
    const parent = await fresh();
    const file = join(parent, 'not-a-directory');
    await writeFile(file, 'x');
    await expect(ensurePgliteCluster(file)).rejects.toThrow(`could not create the embedded database in ${file}`);
  });
});
