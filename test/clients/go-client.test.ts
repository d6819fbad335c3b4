import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { runConformance } from './run-conformance.ts';
import { noClient, SHARED_CLIENTS } from './shared-clients.ts';

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
 * nested module (`fc/` has its own go.mod) that some proxies do not serve. Only that answer makes the suite build
 * the client from its source in shared/clients/go/fc (see shared-clients.ts); any other failure to resolve or
 * build fails it, and so does a refusal where that source is missing: the suite never skips.
 */
const REFUSED_BY_PROXY = /403 Forbidden[\s\S]*not available/;
/** The client's unmodified source, a module of its own (go.mod, go.sum). */
const CLIENT_SOURCE = join(SHARED_CLIENTS, 'go', 'fc');
/** The pseudo-version go.mod requires of a module that a `replace` directive provides from a directory. */
const REPLACED_VERSION = 'v0.0.0-00010101000000-000000000000';

describe('the official Go client (fullcontact-go), unmodified', () => {
  let workDir: string;
  let program: string;
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    // Build in a copy, so the resolution of the client never rewrites the committed go.mod/go.sum. `go mod tidy`
    // keeps the client's version when go.mod pins it and otherwise takes the newest the module proxy serves.
    // KITH_GO_CLIENT_DIR points at a checkout of the client's `fc` directory instead. The build cache is Go's own
    // (GOCACHE, ~/.cache/go-build by default), outside the repository: a second run rebuilds nothing.
    workDir = await mkdtemp(join(tmpdir(), 'kith-go-client-'));
    for (const file of ['go.mod', 'go.sum', 'main.go']) {
      if (existsSync(join(PROGRAM_DIR, file))) await copyFile(join(PROGRAM_DIR, file), join(workDir, file));
    }
    if (process.env.KITH_GO_CLIENT_DIR) await go(workDir, 'mod', 'edit', `-replace=${CLIENT_MODULE}=${process.env.KITH_GO_CLIENT_DIR}`);
    try {
      await go(workDir, 'mod', 'tidy');
    } catch (error) {
      if (!REFUSED_BY_PROXY.test(String(error))) throw error;
      if (!existsSync(join(CLIENT_SOURCE, 'go.mod'))) {
        throw noClient(`the official Go client ${CLIENT_MODULE}`, String(error).split('\n').slice(-2).join(' '), CLIENT_SOURCE);
      }
      // The client from source, as shared/clients/README.md says: `go build` reads the replaced directory (never
      // writing into it) and needs no network; `go mod tidy` would ask the proxy for testify's go.mod, so it is
      // not run.
      await go(workDir, 'mod', 'edit', `-require=${CLIENT_MODULE}@${REPLACED_VERSION}`, `-replace=${CLIENT_MODULE}=${CLIENT_SOURCE}`);
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

  // Every person.enrich answer carries a top-level `match` object (probability, weight, prior, evidence, model)
  // that the client does not know: the program reads those answers through the client's own structs
  // (fc.PersonResp, by encoding/json, which ignores unknown fields), so its person.enrich checks passing is also
  // what proves the client ignores `match`.
  it('passes every conformance check', async () => {
    await runConformance(kith, account, 'go', program, []);
  });
});
