import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson, uniquePhone } from '../support/persons.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * A full scenario through every kind of operation, then every log line of every process searched for what must
 * never be logged: API keys, the admin token, and the emails and phones callers sent.
 */
describe.each(MODES)('logs hold no secrets and no contact data (%s)', (mode) => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', KITH_TAG_MIN_AGE_HOURS: '0', LOG_LEVEL: 'debug' });
  });
  afterAll(() => kith?.stop());

  it('after person, identity, tags, consent, audience, v2 and failing calls', async () => {
    const { key } = await createAccount(kith);
    const ada = newPerson();
    await loadPersons(kith, [ada]);
    const sentEmails: [string, string] = [ada.details.emails[0]!.value, `log-check-${randomUUID()}@example.org`];
    const sentPhones: [string, string] = [ada.details.phones[0]!.value, uniquePhone()];
    // A name and an address travel reduced on the bus (docs/decisions.md): never into the logs either.
    const sentName = `Quillon${randomUUID().slice(0, 8)}`;
    const sentStreet = `${randomUUID().slice(0, 8)} Wisteria Lane`;
    const receiver = await startWebhookReceiver();
    const call = (operation: string, body: unknown) => kith.client.v3(operation, body, { key });
    try {
      await call('person.enrich', { email: sentEmails[0], phone: sentPhones[1] });
      await call('person.enrich', { emails: [sentEmails[1]], webhookUrl: receiver.url });
      await call('person.enrich', { emails: [sentEmails[1], 'not-an-email'] });
      await call('person.enrich', { name: { given: 'Ada', family: sentName }, location: { addressLine1: sentStreet, postalCode: '97209' } });
      await call('identity.map', { recordId: 'r1', email: sentEmails[1], phones: [sentPhones[0]], tags: [{ key: 'k', value: 'v' }] });
      await call('identity.resolve', { email: sentEmails[0] });
      await call('tags.get', { recordId: 'r1' });
      await call('permission.create', {
        query: { email: sentEmails[0], phone: sentPhones[1] },
        consentPurposes: [{ purposeId: 1, channel: ['web'], enabled: true }],
        policyUrl: 'https://example.org/p',
        termsService: 'https://example.org/t',
        collectionMethod: 'form',
        collectionLocation: 'https://example.org/f',
      });
      await call('permission.find', { phone: sentPhones[1] });
      await call('audience.create', { webhookUrl: receiver.url, tags: [{ key: 'k', value: 'v' }] });
      await kith.client.request('GET', `/v2/person.json?email=${encodeURIComponent(sentEmails[0])}&apiKey=${key}`);
      await kith.client.v3('person.enrich', { email: sentEmails[0] }, { key: `${key}x` });
      await receiver.waitFor(2, 30_000);
    } finally {
      await receiver.close();
    }

    const logs = kith.logs().map((line) => JSON.stringify(line));
    expect(logs.length).toBeGreaterThan(10);
    // Phones as sent and as E.164 digits (how a normaliser would write them out).
    const forbidden = [key, kith.adminToken, ...sentEmails, ...sentPhones, ...sentPhones.map((phone) => phone.replace(/\D/g, ''))];
    forbidden.push(sentName, sentName.toLowerCase(), sentStreet, sentStreet.toLowerCase().split(' ')[0]!);
    for (const line of logs) {
      for (const secret of forbidden) expect(line.includes(secret), `${secret} in ${line}`).toBe(false);
    }
  });
});
