import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_START_DONE, HalfMadeDatabase, markFirstStartDone } from './first-start-done.ts';

/** The child's entry: compiled to .js beside this file by the build, run through tsx from the sources. */
const ENTRY = fileURLToPath(new URL('./pglite-cluster-main.ts', import.meta.url));

/**
 * What else a new cluster gets in the child that made it, before any server opens it: `module` (a file URL)
 * exports `seedNewCluster(db, options)`, whose standard output goes to `output`.
 */
export type ClusterSeed = { module: string; options: unknown; output: (text: string) => void };

/**
 * What `ensurePgliteCluster` found or did: made the cluster now, found one whose first start finished, or found one
 * an earlier Kith made in place, without the marker, which only its contents can tell finished or not
 * (./first-start-done.ts).
 */
export type ClusterState = 'made' | 'done' | 'earlier';

/** The directories a cluster is made in, beside its own: `pgdata.seeding-<random>`. */
const seedingPrefix = (dir: string) => `${basename(dir)}.seeding-`;

/**
 * What `dir` holds. An empty directory is removed (an earlier Kith made it before its cluster); one with files but
 * no cluster is what an earlier Kith's first start left when stopped while it created the database.
 */
async function inspect(dir: string): Promise<ClusterState | 'none'> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'none';
    if (code === 'ENOTDIR') throw new Error(`could not create the embedded database in ${dir}: it is a file`, { cause: error });
    throw error;
  }
  if (entries.includes(FIRST_START_DONE)) return 'done';
  if (entries.includes('PG_VERSION')) return 'earlier';
  if (entries.length > 0) {
    throw new HalfMadeDatabase(dir, 'an earlier Kith made it in place, and its first start was stopped while it created the database');
  }
  await rmdir(dir);
  return 'none';
}

/** What first starts that were stopped left beside `dir`: never moved into place, never opened by a server. */
async function removeStoppedFirstStarts(dir: string): Promise<void> {
  const prefix = seedingPrefix(dir);
  const left = (await readdir(dirname(dir))).filter((name) => name.startsWith(prefix));
  await Promise.all(left.map((name) => rm(join(dirname(dir), name), { recursive: true, force: true })));
}

/**
 * Runs the child that makes (and seeds) the cluster in `seeding`; resolves with its standard output. The child stops
 * by itself when this process dies (pglite-cluster-main.ts).
 */
function runChild(seeding: string, dir: string, seed: ClusterSeed | undefined): Promise<string> {
  const loader = ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const seedArgs = seed ? [seed.module, JSON.stringify(seed.options)] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...loader, ENTRY, seeding, ...seedArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(stdout);
      const why = signal ? `its first start was stopped (${signal}); start again to make it anew` : stderr.trim();
      reject(new Error(`could not create the embedded database in ${dir}${why ? `: ${why}` : ''}`));
    });
  });
}

/**
 * Makes the PGlite database cluster in `dir` unless it is there, in a child process, and seeds it there too
 * when `seed` is given. Creating one (initdb) takes PGlite about 800 MB of memory that the process never gives
 * back, and filling it grows PGlite's memory for good; in a child that memory is gone once the child exits, and
 * the server opens the cluster holding about 210 MB.
 * The cluster is made in a directory beside `dir` and moved into place, by a rename, only once its first start is
 * done and marked so: a first start stopped at any point leaves nothing at `dir`, and the next one removes what it
 * left and starts again (docs/decisions.md, "A first start stopped half-way").
 */
export async function ensurePgliteCluster(dir: string, seed?: ClusterSeed): Promise<ClusterState> {
  const found = await inspect(dir);
  if (found !== 'none') return found;
  await removeStoppedFirstStarts(dir);
  const seeding = await mkdtemp(join(dirname(dir), seedingPrefix(dir)));
  let output: string;
  try {
    output = await runChild(seeding, dir, seed);
    await markFirstStartDone(seeding);
    await rename(seeding, dir);
  } catch (error) {
    await rm(seeding, { recursive: true, force: true });
    throw error;
  }
  // Only now: a demo key printed by a first start that did not finish would open nothing.
  if (seed && output.trim() !== '') seed.output(output.trimEnd());
  return 'made';
}
