import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli, runProcess, startKithProcess, startKithUnderNpm, type KithProcess, type ProcessResult } from '../support/processes.ts';

/**
 * The embedded data directory is one process's (docs/decisions.md, "One process per embedded data directory"),
 * and no other local user's ("Owner-only data and blob directories"); a start that cannot listen says which
 * variable to change. Every case runs real processes: `npm start`'s command, and npm itself.
 */

// Every test starts Kith processes, each opening PGlite (10 to 15 s on a busy machine): CI saw one of them take 63 s.
vi.setConfig({ testTimeout: 240_000 });

/** Embedded all through (the test services' variables are blanked), without the demo data. */
const QUIET = { KITH_DEMO: 'false', KAFKA_BROKERS: '', CLICKHOUSE_URL: '' };
const adminToken = () => `kith_admin_test_${randomBytes(16).toString('hex')}`;

/** `npm start`'s command run to its end (a start that is refused ends by itself). */
const runKith = (env: Record<string, string>): Promise<ProcessResult> =>
  runProcess(process.execPath, ['--import', 'tsx', 'main.ts'], { DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'info', ...QUIET, ...env });

const createAccount = async (kith: KithProcess, token: string, name: string) => {
  const answer = await fetch(`${kith.url}/admin/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(answer.status).toBe(201);
};

const accountNames = async (kith: KithProcess, token: string) => {
  const answer = await fetch(`${kith.url}/admin/accounts`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { accounts: { name: string }[] };
  return body.accounts.map((account) => account.name).sort();
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** A refused start: non-zero at once, one line naming the variable, no stack trace nor unhandled error event. */
function expectRefused(result: ProcessResult, variable: string) {
  const output = result.stdout + result.stderr;
  expect(result.code, output).not.toBe(0);
  expect(result.stderr).toMatch(new RegExp(`^kith: ${variable}: `, 'm'));
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain("Unhandled 'error' event");
  expect(output).not.toContain('kith listening');
}

/** Every path under `dir` with group or other permission bits, as `mode path`. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) found.push(`${(info.mode & 0o777).toString(8)} ${path}`);
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(dir);
  return found;
}

describe('one Kith process per embedded data directory', () => {
  const dirs: string[] = [];
  const running: KithProcess[] = [];
  const newDir = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), `kith-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const started = (kith: KithProcess) => {
    running.push(kith);
    return kith;
  };
  afterAll(async () => {
    for (const kith of running) if (alive(kith.pid)) process.kill(kith.pid, 'SIGKILL');
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses a second process on the same directory at once, naming KITH_DATA_DIR; the first keeps every write', async () => {
    const dataDir = await newDir('lock');
    const token = adminToken();
    const first = started(await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token }));
    await createAccount(first, token, 'Before');

    const second = await runKith({ KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token });
    expectRefused(second, 'KITH_DATA_DIR');
    expect(second.stderr).toContain(`pid ${first.pid}`);
    // The CLI's server, and its commands that open the database themselves, are refused alike.
    const serve = await runCli(['serve'], { ...QUIET, DATABASE_URL: '', PORT: '0', KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token });
    expectRefused(serve, 'KITH_DATA_DIR');
    const train = await runCli(['matching', 'train'], { ...QUIET, DATABASE_URL: '', KITH_DATA_DIR: dataDir });
    expect(train.code).not.toBe(0);
    expect(train.stderr).toContain(`the embedded database in KITH_DATA_DIR (${dataDir}) is in use by another Kith process (pid ${first.pid})`);
    expect(train.stderr).not.toMatch(/^\s+at /m);

    await createAccount(first, token, 'After');
    expect(await first.stop('SIGTERM')).toBe(0);
    const again = started(await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token }));
    try {
      expect(await accountNames(again, token)).toEqual(['After', 'Before']);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  });

  it('lets exactly one of two simultaneous starts on a new directory win', async () => {
    const dataDir = await newDir('race');
    const env = { ...QUIET, KITH_DATA_DIR: dataDir };
    const outcomes = await Promise.allSettled([startKithProcess(env), startKithProcess(env)]);
    const winners = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [started(outcome.value)] : []));
    const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(winners, losers.join('\n')).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toMatch(/kith: KITH_DATA_DIR: .* is in use by another Kith process/);
    expect(await winners[0]!.stop('SIGTERM')).toBe(0);
  });

  it('leaves no stale lock when killed: the next start on the directory succeeds with the data', async () => {
    const dataDir = await newDir('crash');
    const token = adminToken();
    const first = started(await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token }));
    await createAccount(first, token, 'Survivor');
    expect(await first.stop('SIGKILL')).toBeNull();

    const next = started(await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_ADMIN_TOKEN: token }));
    try {
      expect(await accountNames(next, token)).toEqual(['Survivor']);
    } finally {
      expect(await next.stop('SIGTERM')).toBe(0);
    }
  });

  it('stops the Kith that `npm start` ran when npm is killed with SIGKILL, freeing the directory', async () => {
    const dataDir = await newDir('npm');
    const underNpm = started(await startKithUnderNpm({ ...QUIET, KITH_DATA_DIR: dataDir }));
    expect(underNpm.pid).not.toBe(underNpm.child.pid);
    underNpm.child.kill('SIGKILL');
    expect(await gone(underNpm.pid, 20_000), underNpm.output()).toBe(true);
    expect(underNpm.output()).toContain('the npm process that started kith is gone: stopping');
    expect(underNpm.output()).toContain('kith stopped');

    const next = started(await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir }));
    const code = await next.stop('SIGTERM');
    expect(code, next.output()).toBe(0);
  });
});

describe('a port in use', () => {
  let busy: Server;
  let busyPort: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kith-port-'));
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with a message naming PORT, before the database is opened', async () => {
    const result = await runKith({ KITH_DATA_DIR: dataDir, PORT: String(busyPort) });
    expectRefused(result, 'PORT');
    expect(result.stderr).toContain(`127.0.0.1:${busyPort} is already in use`);
    expect(await readdir(dataDir)).not.toContain('pgdata');
  });

  it('refuses to start with a message naming KITH_METRICS_PORT', async () => {
    const result = await runKith({ KITH_DATA_DIR: dataDir, KITH_METRICS_PORT: String(busyPort) });
    expectRefused(result, 'KITH_METRICS_PORT');
  });

  it('refuses to start with a message naming KITH_ADMIN_PORT', async () => {
    const result = await runKith({ KITH_DATA_DIR: dataDir, KITH_ADMIN_PORT: String(busyPort) });
    expectRefused(result, 'KITH_ADMIN_PORT');
    expect(result.stderr).toContain(`127.0.0.1:${busyPort} is already in use`);
  });

  it('releases the data directory after the refusal', async () => {
    const kith = await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir });
    expect(await kith.stop('SIGTERM')).toBe(0);
  });
});

describe.skipIf(process.platform === 'win32' || process.getuid?.() === undefined)('owner-only data and blob directories', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kith-modes-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('creates the data directory and everything under it owner-only, whatever the umask', async () => {
    const dataDir = join(root, 'new');
    // PGlite gives a new cluster's files mode 0666 whatever the umask: they must be owner-only all the same.
    const kith = await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(kith.output()).not.toContain('was open to other local users');
    } finally {
      expect(await kith.stop('SIGTERM')).toBe(0);
    }
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('tightens an existing directory and a separate KITH_BLOB_DIR on start, and says so', async () => {
    const dataDir = join(root, 'existing');
    const blobDir = join(root, 'blobs');
    const first = await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_BLOB_DIR: blobDir });
    expect(await first.stop('SIGTERM')).toBe(0);
    // As an older Kith (or a careless copy) left them: open to everyone.
    await writeFile(join(blobDir, 'audience.ndjson'), '{}\n', { mode: 0o666 });
    await chmod(join(blobDir, 'audience.ndjson'), 0o666);
    for (const dir of [dataDir, join(dataDir, 'pgdata'), join(dataDir, 'pgdata', 'base'), blobDir]) await chmod(dir, 0o777);
    await chmod(join(dataDir, 'pgdata', 'PG_VERSION'), 0o666);
    await chmod(join(dataDir, 'admin-token'), 0o644);
    expect((await openToOthers(dataDir)).length).toBeGreaterThanOrEqual(5);

    const second = await startKithProcess({ ...QUIET, KITH_DATA_DIR: dataDir, KITH_BLOB_DIR: blobDir });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(await openToOthers(blobDir)).toEqual([]);
      const warnings = second
        .output()
        .split('\n')
        .filter((line) => line.includes('was open to other local users'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(warnings).toEqual([
        expect.objectContaining({ level: 40, KITH_DATA_DIR: dataDir, paths: 5 }),
        expect.objectContaining({ level: 40, KITH_BLOB_DIR: blobDir, paths: 2 }),
      ]);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });
});
