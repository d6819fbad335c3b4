import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './processes.ts';

/** Where `kith import persons` starts: the set-based and the COPY writer, each with everything it imports. */
const ENTRIES = ['adapters/persons/import.ts', 'adapters/persons/pg-copy-writer.ts'];
const MIGRATIONS = 'adapters/db/migrations';
/** `from './x.ts'`, `import('../y.ts')`, `new URL('./z.mjs', import.meta.url)`: a module's relative imports. */
const RELATIVE_IMPORT = /(?:from\s+|import\(\s*|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;

/**
 * A digest of the code that turns person records into stored rows and lookup keys: the import's modules (followed
 * through their relative imports) and the migrations. A database filled by an import whose code differed holds
 * other keys, so a bench that keeps imported persons between runs must not reuse it.
 */
export async function importFingerprint(): Promise<string> {
  const seen = new Set<string>();
  const queue = ENTRIES.map((entry) => join(repoRoot, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of (await readFile(file, 'utf8')).matchAll(RELATIVE_IMPORT)) queue.push(resolve(dirname(file), match[1]!));
  }
  const migrations = (await readdir(join(repoRoot, MIGRATIONS))).map((name) => join(repoRoot, MIGRATIONS, name));
  const digest = createHash('sha256');
  for (const file of [...[...seen].sort(), ...migrations.sort()]) digest.update(`${relative(repoRoot, file)}\n`).update(await readFile(file));
  return digest.digest('hex').slice(0, 10);
}
