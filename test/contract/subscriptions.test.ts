import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const emailOf = (person: PersonRecord) => person.details.emails[0]!.value;
/** Longer than the notifier's poll (1 s) and a delivery: what has not arrived by then is not coming. */
const QUIET_MS = 3_000;

describe.each(MODES)('person subscriptions (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  const call = (operation: string, body: unknown, key = account.key) => kith.client.v3(operation, body, { key });

  // A database of its own: the outboxes of changes are claimed by whichever Kith on the database looks first, and
  // another suite's Kith, stopping, would hold this suite's changes until its claim lapsed.
  let database: { url: string; drop(): Promise<void> } | undefined;

  beforeAll(async () => {
    database = mode === 'embedded' ? undefined : await freshPostgresDatabase();
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', ...(database && { DATABASE_URL: database.url }) });
    account = await createAccount(kith);
  });
  afterAll(async () => {
    await kith?.stop();
    await database?.drop();
  });
  afterEach(() => receiver?.close());

  it('POSTs the person once per import that changes it, to every subscriber with its own ids, and not after unsubscribing', async () => {
    receiver = await startWebhookReceiver();
    const other = await createAccount(kith);
    const person = newPerson();
    await loadPersons(kith, [person]);

    const subscribed = await call('person.subscribe', { email: emailOf(person), webhookUrl: `${receiver.url}/mine` });
    expect(subscribed.status, subscribed.text).toBe(200);
    const enriched = await call('person.enrich', { email: emailOf(person) });
    expect(subscribed.body).toEqual({
      subscriptionId: expect.any(String),
      personId: enriched.body.details.identifiers.personIds[0],
      webhookUrl: `${receiver.url}/mine`,
    });
    const theirs = await call('person.subscribe', { email: emailOf(person), webhookUrl: `${receiver.url}/theirs` }, other.key);
    expect(theirs.status, theirs.text).toBe(200);

    await loadPersons(kith, [person]); // the same record again: no change
    await loadPersons(kith, [{ ...person, title: 'Chief Engineer' }]);
    const deliveries = await receiver.waitFor(2, 30_000);
    await sleep(QUIET_MS);
    expect(receiver.received).toHaveLength(2);
    const byPath = Object.fromEntries(deliveries.map((delivery) => [delivery.url, JSON.parse(delivery.body)]));
    expect(byPath['/mine']).toMatchObject({
      subscriptionId: subscribed.body.subscriptionId,
      changedAt: expect.any(String),
      person: { fullName: person.fullName, title: 'Chief Engineer', details: { identifiers: { personIds: [subscribed.body.personId] } } },
    });
    expect(byPath['/theirs']).toMatchObject({ subscriptionId: theirs.body.subscriptionId, person: { title: 'Chief Engineer' } });
    expect(byPath['/theirs'].person.details.identifiers.personIds).toEqual([theirs.body.personId]);
    expect(theirs.body.personId).not.toBe(subscribed.body.personId);
    expect(deliveries[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    const unsubscribed = await call('person.unsubscribe', { subscriptionId: subscribed.body.subscriptionId });
    expect(unsubscribed.status, unsubscribed.text).toBe(200);
    expect((await call('person.unsubscribe', { subscriptionId: subscribed.body.subscriptionId })).status).toBe(404);
    await loadPersons(kith, [{ ...person, title: 'Retired' }]);
    await waitFor('the remaining subscriber told', async () => receiver.received.length === 3, { timeoutMs: 30_000 });
    await sleep(QUIET_MS);
    expect(receiver.received.map((delivery) => delivery.url)).toEqual(expect.arrayContaining(['/theirs', '/theirs']));
    expect(receiver.received.filter((delivery) => delivery.url === '/mine')).toHaveLength(1);
  });

  it('tells a subscriber of a merge and a split, then follows the survivor: a change to any of its records', async () => {
    receiver = await startWebhookReceiver();
    const first = newPerson();
    const seattle = { label: 'home', addressLine1: '1 Pike Street', city: 'Seattle', region: 'Washington', regionCode: 'WA', postalCode: '98101', country: 'United States', countryCode: 'US' };
    // A namesake in another town: another person until a record holds both their emails.
    const second = newPerson({ fullName: first.fullName, details: { name: first.details.name, locations: [seattle] } });
    await loadPersons(kith, [first]);
    await loadPersons(kith, [second]);
    const subscribed = await call('person.subscribe', { email: emailOf(second), webhookUrl: `${receiver.url}/merged` });
    expect(subscribed.status, subscribed.text).toBe(200);

    const bridge = newPerson({ fullName: first.fullName, details: { name: first.details.name, emails: [first.details.emails[0]!, second.details.emails[0]!], locations: [] } });
    await loadPersons(kith, [bridge]);
    const survivor = (await call('person.enrich', { email: emailOf(first) })).body.details.identifiers.personIds[0];
    expect((await call('person.enrich', { email: emailOf(second) })).body.details.identifiers.personIds).toEqual([survivor]);

    const [merged] = await receiver.waitFor(1, 30_000);
    expect(merged!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(merged!.body)).toEqual({
      type: 'person.merged',
      subscriptionId: subscribed.body.subscriptionId,
      changedAt: expect.any(String),
      personIdsBefore: [subscribed.body.personId, survivor],
      personIdsAfter: [survivor],
    });

    await loadPersons(kith, [{ ...first, title: 'Chief Engineer' }]);
    const [, changed] = await receiver.waitFor(2, 30_000);
    expect(JSON.parse(changed!.body)).toMatchObject({
      subscriptionId: subscribed.body.subscriptionId,
      person: { title: 'Chief Engineer', details: { identifiers: { personIds: [survivor] } } },
    });

    // The bridge loses the second email: the Seattle namesake splits off under a new id.
    await loadPersons(kith, [{ ...bridge, details: { ...bridge.details, emails: [first.details.emails[0]!] } }]);
    const splitOf = () => receiver.received.map((delivery) => JSON.parse(delivery.body)).find((body) => body.type === 'person.split');
    await waitFor('the split told', async () => splitOf() !== undefined, { timeoutMs: 30_000 });
    const split = splitOf();
    const splitOff = (await call('person.enrich', { email: emailOf(second) })).body.details.identifiers.personIds[0];
    expect(split).toEqual({ type: 'person.split', subscriptionId: subscribed.body.subscriptionId, changedAt: expect.any(String), personIdsBefore: [survivor], personIdsAfter: [survivor, splitOff] });
  });

  it('tells an account subscribed to its own records of a merge of a person one of them is in, and no other account', async () => {
    receiver = await startWebhookReceiver();
    const [mapper, bystander] = [await createAccount(kith), await createAccount(kith)];
    const first = newPerson();
    const seattle = { label: 'home', addressLine1: '9 Pine Street', city: 'Seattle', region: 'Washington', regionCode: 'WA', postalCode: '98101', country: 'United States', countryCode: 'US' };
    const second = newPerson({ fullName: first.fullName, details: { name: first.details.name, locations: [seattle] } });
    await loadPersons(kith, [first]);
    await loadPersons(kith, [second]);
    const mapped = await call('identity.map', { recordId: 'crm-1', email: emailOf(second) }, mapper.key);
    expect(mapped.status, mapped.text).toBe(200);
    const own = await call('person.subscribe', { ownRecords: true, webhookUrl: `${receiver.url}/own` }, mapper.key);
    expect(own.body).toEqual({ subscriptionId: expect.any(String), personId: null, ownRecords: true, webhookUrl: `${receiver.url}/own` });
    expect((await call('person.subscribe', { ownRecords: true, webhookUrl: `${receiver.url}/bystander` }, bystander.key)).status).toBe(200);
    const mappedPerson = (await call('person.enrich', { recordId: 'crm-1' }, mapper.key)).body.details.identifiers.personIds[0];

    const bridge = newPerson({ fullName: first.fullName, details: { name: first.details.name, emails: [first.details.emails[0]!, second.details.emails[0]!], locations: [] } });
    await loadPersons(kith, [bridge]);
    const [merged] = await receiver.waitFor(1, 30_000);
    await sleep(QUIET_MS);
    expect(receiver.received).toHaveLength(1);
    expect(merged!.url).toBe('/own');
    const survivor = (await call('person.enrich', { email: emailOf(first) }, mapper.key)).body.details.identifiers.personIds[0];
    expect(JSON.parse(merged!.body)).toEqual({
      type: 'person.merged',
      subscriptionId: own.body.subscriptionId,
      changedAt: expect.any(String),
      personIdsBefore: [mappedPerson, survivor],
      personIdsAfter: [survivor],
    });
    const listed = await call('person.subscriptions', {}, mapper.key);
    expect(listed.body.subscriptions).toEqual([expect.objectContaining({ subscriptionId: own.body.subscriptionId, personId: null, ownRecords: true })]);
  });

  it("lists the account's subscriptions a page at a time, and no other account's", async () => {
    const lister = await createAccount(kith);
    const persons = [newPerson(), newPerson(), newPerson()];
    await loadPersons(kith, persons);
    const ids = [];
    for (const person of persons) {
      const answer = await call('person.subscribe', { email: emailOf(person), webhookUrl: 'http://127.0.0.1:9/hook' }, lister.key);
      ids.push(answer.body.subscriptionId);
    }
    const first = await call('person.subscriptions', { limit: 2 }, lister.key);
    expect(first.status, first.text).toBe(200);
    expect(first.body.subscriptions.map((subscription: { subscriptionId: string }) => subscription.subscriptionId)).toEqual(ids.slice(0, 2));
    expect(first.body.subscriptions[0]).toMatchObject({ webhookUrl: 'http://127.0.0.1:9/hook', createdAt: expect.any(String) });
    const second = await call('person.subscriptions', { limit: 2, after: first.body.next }, lister.key);
    expect(second.body).toEqual({ subscriptions: [expect.objectContaining({ subscriptionId: ids[2] })], next: null });
    expect((await call('person.subscriptions', {})).body.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId)).not.toContain(ids[0]);
    expect((await call('person.unsubscribe', { subscriptionId: ids[0] })).status).toBe(404);
  });

  it('counts subscriptions in stats.get', async () => {
    const counted = await createAccount(kith);
    const person = newPerson();
    await loadPersons(kith, [person]);
    expect((await call('person.subscribe', { email: emailOf(person), webhookUrl: 'http://127.0.0.1:9/hook' }, counted.key)).status).toBe(200);
    const subscriptions = async () => (await call('stats.get', { stats: ['person'] }, counted.key)).body.stats.person.subscriptions;
    await waitFor('the subscription counted', async () => (await subscriptions()).count === 1, { timeoutMs: 30_000 });
  });

  it.each([
    ['nobody the query names', { email: 'nobody-subscribed@example.org', webhookUrl: 'http://127.0.0.1:9/hook' }, 404, 'Profile not found'],
    ['no webhookUrl', { email: 'a@example.org' }, 400, 'webhookUrl: required'],
    ['a webhookUrl in a private network', { email: 'a@example.org', webhookUrl: 'http://10.1.2.3/hook' }, 400, 'Invalid webhookUrl'],
    ['a subscriptionId that is no UUID', { subscriptionId: 'x' }, 400, 'subscriptionId'],
    ['ownRecords with a person query', { ownRecords: true, email: 'a@example.org', webhookUrl: 'http://127.0.0.1:9/hook' }, 400, 'ownRecords: give either'],
  ])('refuses %s', async (_, body, status, message) => {
    const operation = 'subscriptionId' in body ? 'person.unsubscribe' : 'person.subscribe';
    const answer = await call(operation, body);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.message).toContain(message);
  });
});
