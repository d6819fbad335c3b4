import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The child's entry: compiled to .js beside this file by the build, run through tsx from the sources. */
const ENTRY = fileURLToPath(new URL('./pglite-cluster-main.ts', import.meta.url));

/**
 * What else a new cluster gets in the child that made it, before any server opens it: `module` (a file URL)
 * exports `seedNewCluster(db, options)`, whose standard output goes to `output`.
 */
export type ClusterSeed = { module: string; options: unknown; output: (text: string) => void };

/**
 * Makes the PGlite database cluster in `dir` unless it is there, in a child process, and seeds it there too
 * when `seed` is given. Creating one (initdb) takes PGlite about 800 MB of memory that the process never gives
 * back, and filling it grows PGlite's memory for good; in a child that memory is gone once the child exits, and
 * the server opens the cluster holding about 210 MB.
 */
export async function ensurePgliteCluster(dir: string, seed?: ClusterSeed): Promise<void> {
  const made = await access(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (made) return;
  const loader = ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const seedArgs = seed ? [seed.module, JSON.stringify(seed.options)] : [];
  try {
    const { stdout } = await run(process.execPath, [...loader, ENTRY, dir, ...seedArgs], { maxBuffer: 1 << 20 });
    if (seed && stdout.trim() !== '') seed.output(stdout.trimEnd());
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}
