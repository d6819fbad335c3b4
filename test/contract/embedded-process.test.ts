import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample, scrape, series } from '../support/metrics.ts';
import { imageNodeOptions, NPM_START, runCli, startKithProcess, startKithUnderNpm } from '../support/processes.ts';
import { waitFor } from '../support/wait-for.ts';

const statsGet = (url: string, key: string) =>
  fetch(`${url}/v3/stats.get`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
const call = (operation: string) => (url: string, key: string, body: unknown) =>
  fetch(`${url}/v3/${operation}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const personEnrich = call('person.enrich');

/** How many person lookups a running Kith has published for its enrichment worker (GET /metrics). */
async function enrichmentRequestsSent(url: string): Promise<number> {
  const exposition = await scrape(url);
  return series(exposition, 'kith_bus_messages_produced_total')
    .filter((labels) => labels.topic?.endsWith('.requests.enrichment'))
    .reduce((sum, labels) => sum + sample(exposition, 'kith_bus_messages_produced_total', labels), 0);
}

describe('npm start: the embedded process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kith-embedded-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("runs with the image's V8 settings, its old generation capped and one WebAssembly compilation task (docs/decisions.md, \"The embedded database's memory\")", () => {
    const imageOptions = imageNodeOptions();
    expect(imageOptions.length).toBeGreaterThan(0);
    expect(NPM_START).toEqual(expect.arrayContaining(imageOptions));
    expect(NPM_START.filter((option) => option.startsWith('--max-old-space-size='))).toHaveLength(1);
    expect(NPM_START).toContain('--wasm-num-compilation-tasks=1');
  });

  it("runs Kith with one malloc arena, under npm's own shell, and hands freed memory back once idle (docs/decisions.md, \"The embedded database's memory\")", async () => {
    const ownDir = await mkdtemp(join(tmpdir(), 'kith-embedded-npm-'));
    const kith = await startKithUnderNpm({ KITH_DATA_DIR: ownDir, KITH_DEMO: 'false', KITH_IDLE_TRIM_SECONDS: '1', LOG_LEVEL: 'debug' });
    try {
      const environment = (await readFile(`/proc/${kith.pid}/environ`, 'utf8')).split('\0');
      expect(kith.pid).not.toBe(kith.child.pid);
      expect(environment).toContain('MALLOC_ARENA_MAX=1');
      // Start-up compiles PGlite and frees what the compiler used: the first idle second hands those pages back.
      const trimmed = () => kith.output().split('\n').find((line) => line.includes('"msg":"freed memory handed back to the system"'));
      await waitFor('a trim once idle', () => trimmed() !== undefined, { timeoutMs: 60_000, progress: () => kith.output().slice(-2000) });
      expect(JSON.parse(trimmed()!)).toMatchObject({ released: true });
    } finally {
      expect(await kith.stop('SIGTERM')).toBe(0);
      await rm(ownDir, { recursive: true, force: true });
    }
  });

  it('starts with a demo account, persons and companies, keeps everything across a restart and stops cleanly on SIGTERM', async () => {
    const first = await startKithProcess({ KITH_DATA_DIR: dataDir });
    const demoKey = /API key:\s+(kith_\w+)/.exec(first.output())?.[1];
    expect(demoKey, first.output()).toBeDefined();
    expect((await statsGet(first.url, demoKey!)).status).toBe(200);
    // The person the start-up message (and the README) offers is there to be found.
    const example = JSON.parse(/one of them: (\{.*\})/.exec(first.output())![1]!) as { email: string };
    const found = await personEnrich(first.url, demoKey!, example);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { fullName: string }).fullName).toBeTruthy();
    // So are the company it offers by domain and by name.
    const [, domain, byName] = /one of them: (\{"domain".*\}), or by name (\{.*\})/.exec(first.output()) ?? [];
    expect(domain, first.output()).toBeDefined();
    const company = await call('company.enrich')(first.url, demoKey!, JSON.parse(domain!));
    expect(company.status).toBe(200);
    const { name } = (await company.json()) as { name: string };
    const searched = await call('company.search')(first.url, demoKey!, JSON.parse(byName!));
    expect(searched.status).toBe(200);
    expect(((await searched.json()) as Array<{ orgName: string }>).map((candidate) => candidate.orgName)).toContain(name);
    const tokenFile = await stat(join(dataDir, 'admin-token'));
    expect(tokenFile.mode & 0o777).toBe(0o600);

    // A v2 lookup with queue=1 answers 202 at once and keeps its reply for the same call later, across a restart.
    const queued = `${first.url}/v2/person.json?email=${encodeURIComponent(example.email)}&queue=1&apiKey=${demoKey}`;
    expect((await fetch(queued)).status).toBe(202);
    await waitFor('the queued lookup\'s kept reply', async () => (await fetch(queued)).status === 200, { timeoutMs: 15_000 });

    // The CLI finds the admin token in the data directory while the server holds the database.
    const created = await runCli(['--json', 'accounts', 'create', '--name', 'Second'], { KITH_URL: first.url, KITH_DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('kith stopped');

    const second = await startKithProcess({ KITH_DATA_DIR: dataDir });
    try {
      expect(second.output()).not.toContain('demo account');
      expect((await statsGet(second.url, demoKey!)).status).toBe(200);
      // The restarted process knows the kept reply is there: it answers it without sending the lookup again.
      const sentBefore = await enrichmentRequestsSent(second.url);
      expect((await fetch(queued.replace(first.url, second.url))).status).toBe(200);
      expect(await enrichmentRequestsSent(second.url)).toBe(sentBefore);
      expect((await personEnrich(second.url, demoKey!, { email: 'royal.anderson7@yahoo.com' })).status).toBe(200);
      expect(await enrichmentRequestsSent(second.url)).toBe(sentBefore + 1); // a lookup of its own is counted
      const accounts = await runCli(['--json', 'accounts', 'list'], { KITH_URL: second.url, KITH_DATA_DIR: dataDir });
      expect(JSON.parse(accounts.stdout).map((a: { name: string }) => a.name)).toEqual(['Demo', 'Second']);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
    // Two starts (the first loading the demo data), two stops and two CLI runs: a minute on a busy machine.
  }, 240_000);

  it('refuses to start on a bad configuration value, naming the variable', async () => {
    await expect(startKithProcess({ KITH_DATA_DIR: dataDir, KITH_MAX_BODY_BYTES: 'lots' }, 20_000)).rejects.toThrow(
      /KITH_MAX_BODY_BYTES/,
    );
  });
});
