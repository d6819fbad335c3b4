import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new directory under the system's temp dir, removed by the cleanup it registers. */
export async function scratchDir(prefix: string, cleanups: (() => Promise<void>)[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
