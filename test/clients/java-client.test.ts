import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { runConformance } from './run-conformance.ts';
import { buildCopy, noClient, SHARED_CLIENTS } from './shared-clients.ts';

const project = `${repoRoot}test/clients/java/`;

/**
 * Maven's words when the registry does not serve the pinned client (it answered 404): "Could not find artifact
 * <it>", or "<it> was not found in <registry>" once that answer is cached. A network error says "Could not
 * transfer" instead and fails the suite. Only that answer makes the suite build the client from its unmodified
 * public source in shared/clients/java (see shared-clients.ts); where that source is missing too, the suite fails:
 * it never skips, and nothing but the official client's own code may stand in for the official jar.
 */
const CLIENT_NOT_SERVED = /Could not find artifact com\.fullcontact\.client:java11:\S+|com\.fullcontact\.client:java11:\S+ was not found in \S+/;
/** The client's source with the pom that builds it (shared/clients/README.md). */
const CLIENT_SOURCE = join(SHARED_CLIENTS, 'java');
/** The version that pom installs the client as. */
const CLIENT_FROM_SOURCE = '4.0.0-mirror';

async function mvn(...args: string[]) {
  const run = await runProcess('mvn', ['-q', '-B', ...args], {});
  return { ok: run.code === 0, output: `${run.stdout}${run.stderr}` };
}

describe('the official Java 11 client (com.fullcontact.client:java11), unmodified', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    // Maven fetches the pinned client and its plugins on the first run, hence the long timeout; later runs
    // are offline-fast. target/ holds the classes and the client's jars (see pom.xml); the local repository is
    // Maven's own (~/.m2), outside the repository. target/dependency/ is emptied first: copy-dependencies only
    // adds, and a jar of the client left by the other way of getting it would put its classes on the path twice.
    await rm(`${project}target/dependency`, { recursive: true, force: true });
    let build = await mvn('-f', `${project}pom.xml`, 'package');
    if (!build.ok) {
      const notServed = CLIENT_NOT_SERVED.exec(build.output)?.[0];
      if (!notServed) throw new Error(`the Java conformance program did not build:\n${build.output}`);
      if (!existsSync(join(CLIENT_SOURCE, 'pom.xml'))) throw noClient('the official Java client com.fullcontact.client:java11', notServed, CLIENT_SOURCE);
      // The client from source, as shared/clients/README.md says, but in a copy outside the repository (shared/
      // is never written to: Maven would put its target/ there): `install` puts com.fullcontact.client:java11:
      // 4.0.0-mirror, one jar of both modules' classes, into the local repository. The copy is kept (by the
      // source's hash), so a later run's install finds everything built and compiles nothing.
      const copy = await buildCopy('java', CLIENT_SOURCE);
      const install = await mvn('-f', join(copy, 'pom.xml'), 'install', '-DskipTests');
      if (!install.ok) throw new Error(`the official Java client did not build from ${CLIENT_SOURCE} (in ${copy}):\n${install.output}`);
      build = await mvn('-f', `${project}pom.xml`, 'package', `-Dfullcontact.client.version=${CLIENT_FROM_SOURCE}`);
      if (!build.ok) throw new Error(`the Java conformance program did not build on the client built from source:\n${build.output}`);
    }
    kith = await startTestKith('distributed', { KITH_TAG_MIN_AGE_HOURS: '0' });
    account = await createAccount(kith);
  }, 300_000);
  afterAll(() => kith?.stop());

  // Every person.enrich answer carries a top-level `match` object (probability, weight, prior, evidence, model)
  // that the client does not know: the program reads those answers through the client's own Gson models
  // (PersonResponse), and Gson ignores unknown fields, so its person.enrich checks passing is also what proves
  // the client ignores `match`.
  it('passes every conformance check', async () => {
    // `target/dependency/*` is expanded by java itself, not by a shell.
    await runConformance(kith, account, 'java', 'java', ['-cp', `${project}target/classes:${project}target/dependency/*`, 'Conformance']);
  }, 120_000);
});
