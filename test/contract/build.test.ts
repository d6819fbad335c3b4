import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runProcess, startKithProcess, type KithProcess, type ProcessResult } from '../support/processes.ts';

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('the production build (npm run build), as the image runs it', () => {
  const out = `test/artifacts/build-${randomBytes(4).toString('hex')}`;
  let built: ProcessResult;
  let dataDir: string;
  let kith: KithProcess | undefined;

  beforeAll(async () => {
    built = await runProcess(process.execPath, ['scripts/build.mjs', out], {});
    dataDir = await mkdtemp(join(tmpdir(), 'kith-build-'));
    kith = await startKithProcess({ KITH_DATA_DIR: dataDir }, 60_000, [`${out}/cli/main.js`, 'serve']);
  }, 120_000);

  afterAll(async () => {
    await kith?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(join(repoRoot, out), { recursive: true, force: true });
  });

  it('compiles the sources to JavaScript that imports no TypeScript file', async () => {
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/\d+ files compiled, \d+ copied/);
    const files = await filesUnder(join(repoRoot, out));
    expect(files.some((file) => file.endsWith('.ts') || file.endsWith('.tsx'))).toBe(false);
    expect(files.some((file) => file.endsWith('.test.js'))).toBe(false);
    expect(files.some((file) => file.endsWith('migrate.js'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.sql')).length).toBeGreaterThan(10);
    for (const file of files.filter((name) => /\.m?js$/.test(name))) {
      expect(await readFile(file, 'utf8'), file).not.toMatch(/['"]\.{1,2}\/[^'"\n]*\.tsx?['"]/);
    }
  });

  it('generates and imports persons from the compiled files, parsing on worker threads', async () => {
    const importDir = await mkdtemp(join(tmpdir(), 'kith-build-import-'));
    try {
      const file = join(importDir, 'persons.ndjson');
      // Into a PGlite of its own, whatever database the tests run with.
      const env = { DATABASE_URL: '', KITH_DATA_DIR: join(importDir, 'data') };
      const cli = (...args: string[]) => runProcess(process.execPath, [`${out}/cli/main.js`, ...args], env);
      const generated = await cli('generate', 'persons', '--count', '40', '--seed', '3', '--out', file);
      expect(generated.code, generated.stderr).toBe(0);
      const imported = await cli('--json', 'import', 'persons', file, '--parse-threads', '2');
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 40, rejectedCount: 0 });
    } finally {
      await rm(importDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves from the compiled files: migrations applied, the demo person found, the reference and the console', async () => {
    const url = kith!.url;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const reference = await fetch(`${url}/openapi.json`);
    expect(reference.status).toBe(200);
    expect(await reference.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expect((await fetch(`${url}/docs/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${url}/console/sign-in`)).status).toBe(200);

    const key = /API key:\s+(kith_\S+)/.exec(kith!.output())?.[1];
    const example = /one of them: (\{.*\})/.exec(kith!.output())?.[1];
    expect(key && example, kith!.output()).toBeTruthy();
    const response = await fetch(`${url}/v3/person.enrich`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: example,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ fullName: expect.any(String), details: expect.any(Object) });
  });
});
