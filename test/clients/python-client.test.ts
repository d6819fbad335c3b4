import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { repoRoot, runProcess } from '../support/processes.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

describe('the official Python client (python-fullcontact), unmodified', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith('distributed', { KITH_TAG_MIN_AGE_HOURS: '0' });
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('passes every conformance check', async () => {
    const person = newPerson();
    await loadPersons(kith, [person]);
    const company = newCompany();
    await loadCompanies(kith, [company]);
    const receiver = await startWebhookReceiver();
    try {
      const run = await runProcess('python3', [`${repoRoot}test/clients/python/conformance.py`], {
        KITH_URL: kith.url,
        KITH_API_KEY: account.key,
        KITH_PERSON_EMAIL: person.details.emails[0]!.value,
        KITH_PERSON_PHONE: person.details.phones[0]!.value,
        KITH_PERSON_NAME: person.fullName!,
        KITH_WEBHOOK_URL: `${receiver.url}/python`,
        KITH_COMPANY_DOMAIN: company.domain,
        KITH_COMPANY_NAME: company.name,
        KITH_COMPANY_WEBHOOK_URL: `${receiver.url}/python-company`,
      });
      const report = `${run.stdout}${run.stderr}`;
      expect(report).toMatch(/^0 failed$/m);
      expect(run.code, report).toBe(0);
      // The webhook answers the client asked for arrive (person, company, audience), as the synchronous
      // answers would have been.
      const deliveries = await receiver.waitFor(3, 30_000);
      const byPath = Object.fromEntries(deliveries.map((delivery) => [delivery.url, JSON.parse(delivery.body)]));
      expect(byPath['/python']).toMatchObject({ fullName: person.fullName });
      expect(byPath['/python-company']).toMatchObject({ name: company.name });
      expect(byPath['/python/audience']).toMatchObject({ result: { downloadUrl: expect.stringContaining('/v3/audience.download?requestId=') } });
    } finally {
      await receiver.close();
    }
  });
});
