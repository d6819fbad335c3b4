import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The child's entry: compiled to .js beside this file by the build, run through tsx from the sources. */
const ENTRY = fileURLToPath(new URL('./pglite-cluster-main.ts', import.meta.url));

/**
 * Makes the PGlite database cluster in `dir` unless it is there, in a child process. Creating one (initdb)
 * takes PGlite about 800 MB of memory that the process never gives back to the system; in a child it is gone
 * once the child exits, and the server opens the cluster holding about 210 MB.
 */
export async function ensurePgliteCluster(dir: string): Promise<void> {
  const made = await access(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (made) return;
  const loader = ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
  try {
    await run(process.execPath, [...loader, ENTRY, dir], { maxBuffer: 1 << 20 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}
