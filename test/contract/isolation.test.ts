import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../support/client.ts';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { expectIsolated } from '../support/isolation.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';

/**
 * Every operation that takes an id, replayed with another account's key: account B sees nothing of account A's,
 * and changes nothing of it. (The ids of the operations' own suites are checked there too; this is the sweep.)
 */
describe.each(MODES)('isolation between accounts (%s)', (mode) => {
  let kith: TestKith;
  let owner: TestAccount;
  let other: TestAccount;
  const person = newPerson();
  const email = person.details.emails[0]!.value;
  const recordId = `record-${randomUUID()}`;
  const partnerId = `partner-${randomUUID()}`;
  const consentEmail = `consent-${randomUUID()}@example.org`;
  let personId: string;
  let audienceId: string;
  let subscriptionId: string;
  const own = (operation: string, body: unknown) => kith.client.v3(operation, body, { key: owner.key });

  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_TAG_MIN_AGE_HOURS: '0', KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    [owner, other] = [await createAccount(kith), await createAccount(kith)];
    await loadPersons(kith, [person]);
    const mapped = await own('identity.map', { recordId, partnerId, emails: [email], tags: [{ key: 'segment', value: 'gold' }] });
    expect(mapped.status, mapped.text).toBe(200);
    personId = (await own('identity.resolve', { recordId })).body.personIds[0];
    expect(personId).toEqual(expect.any(String));
    const audience = await own('audience.create', { webhookUrl: 'http://127.0.0.1:9/hook', tags: [{ key: 'segment', value: 'gold' }] });
    expect(audience.status, audience.text).toBe(202);
    audienceId = audience.body.requestId;
    const consent = await own('permission.create', {
      query: { email: consentEmail },
      consentPurposes: [{ purposeId: 2, channel: ['web'], ttl: 365, enabled: true }],
      ...CONSENT_COLLECTION,
    });
    expect(consent.status, consent.text).toBe(202);
    const subscribed = await own('person.subscribe', { email, webhookUrl: 'http://127.0.0.1:9/hook' });
    expect(subscribed.status, subscribed.text).toBe(200);
    subscriptionId = subscribed.body.subscriptionId;
  });
  afterAll(() => kith?.stop());

  it('answers 404 to every read by the record, partner and person ids of another account', async () => {
    await expectIsolated(kith, owner, other, [
      { operation: 'identity.resolve', body: { recordId } },
      { operation: 'identity.resolve', body: { partnerId } },
      { operation: 'identity.resolve', body: { personId } },
      { operation: 'identity.resolve', body: { recordId }, query: '?tags=true' },
      { operation: 'tags.get', body: { recordId } },
      { operation: 'tags.get', body: { partnerId } },
      { operation: 'verify.match', body: { personId } },
      { operation: 'verify.signals', body: { recordId } },
    ]);
    // person.enrich finds the person by email for anybody, but never by A's own references.
    for (const body of [{ recordId }, { partnerId }, { personId }]) {
      expect((await kith.client.v3('person.enrich', body, { key: other.key })).status, JSON.stringify(body)).toBe(404);
    }
    const byEmail = await kith.client.v3('person.enrich', { email }, { key: other.key });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.details.identifiers).toMatchObject({ recordIds: [], partnerIds: [] });
    expect(byEmail.body.details.identifiers.personIds).not.toContain(personId);
    // The owner's own lookup by email shows the owner's ids for the person, read with the person.
    const ownByEmail = await own('person.enrich', { email });
    expect(ownByEmail.body.details.identifiers).toMatchObject({ recordIds: [recordId], partnerIds: [partnerId], personIds: [personId] });
  });

  it("changes nothing of another account's records, tags, consent or subscriptions", async () => {
    const refused = async (operation: string, body: unknown) => (await kith.client.v3(operation, body, { key: other.key })).status;
    expect(await refused('tags.create', { recordId, tags: [{ key: 'segment', value: 'stolen' }] })).toBe(404);
    expect(await refused('tags.delete', { recordId })).toBe(404);
    expect(await refused('identity.delete', { recordId })).toBe(404);
    expect(await refused('permission.delete', { email: consentEmail })).toBe(404);
    expect(await refused('person.unsubscribe', { subscriptionId })).toBe(404);

    expect((await own('tags.get', { recordId })).body.tags).toEqual([{ key: 'segment', value: 'gold' }]);
    expect((await own('identity.resolve', { recordId })).body.recordIds).toEqual([recordId]);
    expect((await own('permission.current', { email: consentEmail })).body).toMatchObject({ '2': { web: { enabled: true } } });
    const listed = (await own('person.subscriptions', {})).body.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId);
    expect(listed).toContain(subscriptionId);
  });

  it("shows nothing of another account's consent, audiences or subscriptions", async () => {
    const theirs = (operation: string, body: unknown) => kith.client.v3(operation, body, { key: other.key });
    expect((await theirs('permission.find', { email: consentEmail })).body).toEqual([]);
    expect((await theirs('permission.current', { email: consentEmail })).body).toEqual({});
    expect((await theirs('permission.verify', { query: { email: consentEmail }, purposeId: 2, channel: 'web' })).status).toBe(404);
    expect((await theirs('person.subscriptions', {})).body.subscriptions).toEqual([]);
    const download = (key: string): Promise<Answer> =>
      kith.client.request('GET', `/v3/audience.download?requestId=${audienceId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await download(owner.key)).status).not.toBe(404);
    expect((await download(other.key)).status).toBe(404);
  });

  it('keeps a record id of one account apart from the same id in another', async () => {
    const theirs = await kith.client.v3('identity.map', { recordId, emails: [`other-${randomUUID()}@example.org`] }, { key: other.key });
    expect(theirs.status, theirs.text).toBe(200);
    expect((await kith.client.v3('tags.get', { recordId }, { key: other.key })).body.tags).toEqual([]);
    expect((await own('tags.get', { recordId })).body.tags).toEqual([{ key: 'segment', value: 'gold' }]);
    expect((await own('identity.resolve', { recordId })).body.personIds).toEqual([personId]);
  });
});
