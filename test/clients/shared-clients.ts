import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { repoRoot } from '../support/processes.ts';

/**
 * The unmodified public source of the official Go and Java clients, for machines whose package registries do not
 * serve them (see its README.md): the folder `shared` beside the checkout, as in CI, where the checkout is a fresh
 * clone with `shared/` beside it. Nothing in it is ever written: builds happen elsewhere (see buildCopy).
 */
export const SHARED_CLIENTS = resolve(repoRoot, '..', 'shared', 'clients');

/** The error for a client that neither its registry nor `shared/clients` provides: the suite fails, it never skips. */
export function noClient(what: string, registryAnswer: string, expected: string): Error {
  return new Error(
    `${what}: the registry does not serve it (${registryAnswer.trim()}) and there is no copy of its source at ${expected} ` +
      `(the folder shared/clients beside the checkout, see its README.md)`,
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
  }
  return files.sort();
}

/**
 * A writable copy of `source` outside the repository, under ~/.cache/kith/clients (XDG_CACHE_HOME when set), named
 * by a hash of the source's files: later runs find the same copy with the same timestamps, so a build tool's
 * incremental build reuses what the first run built, and a changed source gets a fresh copy.
 */
export async function buildCopy(name: string, source: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(source)) hash.update(`${relative(source, file)}\0`).update(await readFile(file)).update('\0');
  const parent = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kith', 'clients');
  const copy = join(parent, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(copy)) return copy;
  // Copied under a temporary name, then renamed: a run that stops half-way, or a concurrent one, never leaves a
  // partial copy under the final name.
  await mkdir(parent, { recursive: true });
  const partial = `${copy}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(source, partial, { recursive: true });
  // The source is read-only and the copy keeps its modes: the build writes into it (Maven's target/).
  for (const path of [partial, ...(await readdir(partial, { recursive: true })).map((entry) => join(partial, entry))]) {
    await chmod(path, (await stat(path)).mode | 0o200);
  }
  try {
    await rename(partial, copy);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(copy)) throw error;
  }
  return copy;
}
