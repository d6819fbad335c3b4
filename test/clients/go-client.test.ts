import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { runConformance } from './run-conformance.ts';

const CLIENT_MODULE = 'github.com/fullcontact/fullcontact-go/fc';
const PROGRAM_DIR = `${repoRoot}test/clients/go`;

/** `go` from PATH, else where the official Go distribution installs it. */
function goCommand(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'go'))) return join(dir, 'go');
  }
  return '/usr/local/go/bin/go';
}

/** Runs a go subcommand in `dir` (`go -C`), failing with its output. */
async function go(dir: string, ...args: string[]) {
  const run = await runProcess(goCommand(), ['-C', dir, ...args], {});
  if (run.code !== 0) throw new Error(`go ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
}

/**
 * The module proxy's own refusal to serve the client ("403 Forbidden ... not available"): the client lives in a
 * nested module (`fc/` has its own go.mod) that some proxies do not serve. Only that answer skips the suite;
 * any other failure to resolve or build fails it.
 */
const REFUSED_BY_PROXY = /403 Forbidden[\s\S]*not available/;

describe('the official Go client (fullcontact-go), unmodified', () => {
  let workDir: string;
  let program: string;
  let kith: TestKith;
  let account: TestAccount;
  /** Why the client could not be had here, when the module proxy refused it. */
  let unavailable: string | undefined;
  beforeAll(async () => {
    // Build in a copy, so the resolution of the client never rewrites the committed go.mod/go.sum. `go mod tidy`
    // keeps the client's version when go.mod pins it and otherwise takes the newest the module proxy serves.
    // KITH_GO_CLIENT_DIR points at a checkout of the client's `fc` directory instead, for machines whose module
    // proxy does not serve it.
    workDir = await mkdtemp(join(tmpdir(), 'kith-go-client-'));
    for (const file of ['go.mod', 'go.sum', 'main.go']) {
      if (existsSync(join(PROGRAM_DIR, file))) await copyFile(join(PROGRAM_DIR, file), join(workDir, file));
    }
    if (process.env.KITH_GO_CLIENT_DIR) await go(workDir, 'mod', 'edit', `-replace=${CLIENT_MODULE}=${process.env.KITH_GO_CLIENT_DIR}`);
    try {
      await go(workDir, 'mod', 'tidy');
    } catch (error) {
      if (!REFUSED_BY_PROXY.test(String(error))) throw error;
      unavailable = `the Go module proxy does not serve ${CLIENT_MODULE}: ${String(error).split('\n').slice(-2).join(' ').trim()}`;
      return;
    }
    program = join(workDir, 'conformance');
    await go(workDir, 'build', '-o', program, '.');
    kith = await startTestKith('distributed', { KITH_TAG_MIN_AGE_HOURS: '0' });
    account = await createAccount(kith);
  }, 300_000);
  afterAll(async () => {
    await kith?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('passes every conformance check', async (context) => {
    if (unavailable) {
      console.warn(`skipped: ${unavailable}`);
      context.skip();
    }
    await runConformance(kith, account, 'go', program, []);
  });
});
