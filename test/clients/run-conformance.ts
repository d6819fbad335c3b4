import { expect } from 'vitest';
import type { TestAccount } from '../support/factories.ts';
import type { TestKith } from '../support/kith.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { runProcess } from '../support/processes.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Runs one official client's conformance program against `kith`, the way every client suite does: a person and a
 * company Kith holds, a webhook receiver under `/<name>`, the program's environment (see test/clients/python/
 * conformance.py), its report ending "0 failed" with exit code 0, and the webhook answers it asked for (person,
 * company, audience) arriving as the synchronous answers would have been.
 */
export async function runConformance(kith: TestKith, account: TestAccount, name: string, command: string, args: string[]) {
  const person = newPerson();
  await loadPersons(kith, [person]);
  const company = newCompany();
  await loadCompanies(kith, [company]);
  const receiver = await startWebhookReceiver();
  try {
    const run = await runProcess(command, args, {
      KITH_URL: kith.url,
      KITH_API_KEY: account.key,
      KITH_PERSON_EMAIL: person.details.emails[0]!.value,
      KITH_PERSON_PHONE: person.details.phones[0]!.value,
      KITH_PERSON_NAME: person.fullName!,
      KITH_WEBHOOK_URL: `${receiver.url}/${name}`,
      KITH_COMPANY_DOMAIN: company.domain,
      KITH_COMPANY_NAME: company.name,
      KITH_COMPANY_WEBHOOK_URL: `${receiver.url}/${name}-company`,
    });
    const report = `${run.stdout}${run.stderr}`;
    expect(report).toMatch(/^0 failed$/m);
    expect(run.code, report).toBe(0);
    const deliveries = await receiver.waitFor(3, 30_000);
    const byPath = Object.fromEntries(deliveries.map((delivery) => [delivery.url, JSON.parse(delivery.body)]));
    expect(byPath[`/${name}`]).toMatchObject({ fullName: person.fullName });
    expect(byPath[`/${name}-company`]).toMatchObject({ name: company.name });
    expect(byPath[`/${name}/audience`]).toMatchObject({ result: { downloadUrl: expect.stringContaining('/v3/audience.download?requestId=') } });
  } finally {
    await receiver.close();
  }
}
