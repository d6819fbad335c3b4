import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

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
    const person = newPerson();
    await loadPersons(kith, [person]);
    const company = newCompany();
    await loadCompanies(kith, [company]);
    const receiver = await startWebhookReceiver();
    try {
      // `target/dependency/*` is expanded by java itself, not by a shell.
      const run = await runProcess('java', ['-cp', `${project}target/classes:${project}target/dependency/*`, 'Conformance'], {
        KITH_URL: kith.url,
        KITH_API_KEY: account.key,
        KITH_PERSON_EMAIL: person.details.emails[0]!.value,
        KITH_PERSON_PHONE: person.details.phones[0]!.value,
        KITH_PERSON_NAME: person.fullName!,
        KITH_WEBHOOK_URL: `${receiver.url}/java`,
        KITH_COMPANY_DOMAIN: company.domain,
        KITH_COMPANY_NAME: company.name,
        KITH_COMPANY_WEBHOOK_URL: `${receiver.url}/java-company`,
      });
      const report = `${run.stdout}${run.stderr}`;
      expect(report).toMatch(/^0 failed$/m);
      expect(run.code, report).toBe(0);
      // The webhook answers the client asked for arrive (person, company, audience), as the synchronous
      // answers would have been.
      const deliveries = await receiver.waitFor(3, 30_000);
      const byPath = Object.fromEntries(deliveries.map((delivery) => [delivery.url, JSON.parse(delivery.body)]));
      expect(byPath['/java']).toMatchObject({ fullName: person.fullName });
      expect(byPath['/java-company']).toMatchObject({ name: company.name });
      expect(byPath['/java/audience']).toMatchObject({ result: { downloadUrl: expect.stringContaining('/v3/audience.download?requestId=') } });
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
