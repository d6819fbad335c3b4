#!/usr/bin/env node
// npm run build [-- OUT_DIR]: Kith compiled to plain JavaScript, file by file, in OUT_DIR (default dist/), for
// production. Running from TypeScript needs the tsx loader in every process, which holds about 40 MB of memory
// and spends seconds of CPU compiling at each start; `node dist/cli/main.js serve` needs neither.
//
// The tree keeps its shape (dist/adapters/db/migrate.js beside dist/adapters/db/migrations/), so paths found
// from import.meta.url still hold; relative imports of .ts and .tsx files are rewritten to .js. OUT_DIR must
// sit inside the project, where node_modules is found.
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, process.argv[2] ?? 'dist');
if (relative(root, out).startsWith('..')) throw new Error(`the output directory must be inside ${root}`);

/** What production runs: the server and the CLI, and everything they import. Tests and benchmarks stay out. */
const SOURCES = ['main.ts', 'adapters', 'api', 'cli', 'composition', 'domain', 'schemas', 'synthetic', 'workers'];
const TSCONFIG = JSON.parse(await readFile(join(root, 'tsconfig.json'), 'utf8'));

/** `'./x.ts'`, `"../y.tsx"`: a relative specifier of a TypeScript file, in any import, export or URL. */
const RELATIVE_TS = /(['"])(\.{1,2}\/[^'"\n]*?)\.tsx?\1/g;
const withJsSpecifiers = (code) => code.replace(RELATIVE_TS, '$1$2.js$1');

async function* files(path) {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => undefined);
  if (entries === undefined) return yield path;
  for (const entry of entries) yield* files(join(path, entry.name));
}

async function build() {
  await rm(out, { recursive: true, force: true });
  let compiled = 0;
  let copied = 0;
  for (const source of SOURCES) {
    for await (const file of files(join(root, source))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const target = join(out, relative(root, file));
      await mkdir(dirname(target), { recursive: true });
      if (/\.tsx?$/.test(file)) {
        const { code } = await transform(await readFile(file, 'utf8'), {
          loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
          format: 'esm',
          target: 'node20',
          sourcefile: relative(root, file),
          tsconfigRaw: { compilerOptions: TSCONFIG.compilerOptions },
        });
        await writeFile(target.replace(/\.tsx?$/, '.js'), withJsSpecifiers(code));
        compiled += 1;
      } else if (file.endsWith('.mjs') || file.endsWith('.js')) {
        await writeFile(target, withJsSpecifiers(await readFile(file, 'utf8')));
        copied += 1;
      } else {
        await copyFile(file, target);
        copied += 1;
      }
    }
  }
  process.stdout.write(`built ${relative(root, out)}/: ${compiled} files compiled, ${copied} copied\n`);
}

await build();
