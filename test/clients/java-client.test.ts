import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { runConformance } from './run-conformance.ts';

const project = `${repoRoot}test/clients/java/`;

/**
 * Maven's words when the registry does not serve the pinned client (it answered 404): "Could not find artifact
 * <it>", or "<it> was not found in <registry>" once that answer is cached. A network error says "Could not
 * transfer" instead and fails the suite. When the client is not served the suite is skipped with that reason,
 * not failed: nothing may stand in for the official jar.
 */
const CLIENT_NOT_SERVED = /Could not find artifact com\.fullcontact\.client:java11:\S+|com\.fullcontact\.client:java11:\S+ was not found in \S+/;

describe('the official Java 11 client (com.fullcontact.client:java11), unmodified', () => {
  let kith: TestKith;
  let account: TestAccount;
  let notServed: string | undefined;
  beforeAll(async () => {
    // Maven fetches the pinned client and its plugins on the first run, hence the long timeout; later runs
    // are offline-fast. target/ holds the classes and the client's jars (see pom.xml).
    const build = await runProcess('mvn', ['-q', '-B', '-f', `${project}pom.xml`, 'package'], {});
    notServed = build.code === 0 ? undefined : CLIENT_NOT_SERVED.exec(build.stdout + build.stderr)?.[0];
    if (notServed) return;
    if (build.code !== 0) throw new Error(`the Java conformance program did not build:\n${build.stdout}${build.stderr}`);
    kith = await startTestKith('distributed', { KITH_TAG_MIN_AGE_HOURS: '0' });
    account = await createAccount(kith);
  }, 300_000);
  afterAll(() => kith?.stop());

  it('passes every conformance check', async ({ skip }) => {
    if (notServed) skip(`the package registry does not serve the official Java client: ${notServed}`);
    // `target/dependency/*` is expanded by java itself, not by a shell.
    await runConformance(kith, account, 'java', 'java', ['-cp', `${project}target/classes:${project}target/dependency/*`, 'Conformance']);
  }, 120_000);
});
