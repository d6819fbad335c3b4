import { hash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const hashes = (email: string) => ({ md5: hash('md5', email, 'hex'), sha1: hash('sha1', email, 'hex'), sha256: hash('sha256', email, 'hex') });
type Member = { recordid: string; partnerid: string | null; personid: string | null; firstParty: unknown; secondParty?: Array<{ partner: string }> };

describe.each(MODES)('audiences (%s)', (mode) => {
  let kith: TestKith;
  let sharing: TestAccount;
  let partner: TestAccount;
  let private_: TestAccount;
  let receiver: WebhookReceiver;
  const ada = newPerson();
  const adaEmail = ada.details.emails[0]!.value;
  const call = (account: TestAccount, operation: string, body: unknown) => kith.client.v3(operation, body, { key: account.key });
  const download = (account: TestAccount, requestId: string, method = 'GET') =>
    fetch(`${kith.url}/v3/audience.download?requestId=${requestId}`, { method, headers: { Authorization: `Bearer ${account.key}` } });

  /** audience.create, then the webhook that says the file is ready. */
  async function createAudience(account: TestAccount, tags: Array<{ key: string; value: string }>) {
    const accepted = await call(account, 'audience.create', { webhookUrl: `${receiver.url}/audience`, tags });
    expect(accepted.status, accepted.text).toBe(202);
    const requestId = accepted.body.requestId as string;
    const delivery = await receiver.waitForRequest(requestId, 30_000);
    return { requestId, delivery, ready: JSON.parse(delivery.body) };
  }

  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', KITH_TAG_MIN_AGE_HOURS: '0' });
    [sharing, partner, private_] = await Promise.all([
      createAccount(kith, { identitySharing: true }),
      createAccount(kith, { identitySharing: true }),
      createAccount(kith),
    ]);
    await loadPersons(kith, [ada]);
    receiver = await startWebhookReceiver();
    const maid = ada.details.identifiers.maids[0]!.id;
    await call(sharing, 'identity.map', { recordId: 'a1', emails: [adaEmail], maids: [maid], tags: [{ key: 'segment', value: 'gold' }] });
    await call(sharing, 'identity.map', { recordId: 'a2', email: `a2-${randomUUID()}@example.org`, partnerId: 'crm-a2', tags: [{ key: 'segment', value: 'silver' }] });
    await call(sharing, 'identity.map', { recordId: 'a3', email: `a3-${randomUUID()}@example.org`, tags: [{ key: 'other', value: 'x' }] });
    await call(partner, 'identity.map', { recordId: 'b1', phones: [ada.details.phones[0]!.value], email: 'b1-ada@partner.example', tags: [{ key: 'segment', value: 'gold' }] });
    await call(private_, 'identity.map', { recordId: 'c1', emails: [adaEmail], email: 'c1-ada@private.example', tags: [{ key: 'segment', value: 'gold' }] });
  });
  afterAll(async () => {
    await receiver?.close();
    await kith?.stop();
  });

  it('builds the file of the records holding any of the tags, announces it, and serves it as raw gzip', async () => {
    const { requestId, delivery, ready } = await createAudience(sharing, [
      { key: 'segment', value: 'gold' },
      { key: 'segment', value: 'silver' },
    ]);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ready).toEqual({
      requestId,
      webhookId: delivery.headers['webhook-id'],
      result: { message: expect.stringMatching(/completed.*30 days/), downloadUrl: expect.stringMatching(new RegExp(`/v3/audience\\.download\\?requestId=${requestId}$`)) },
    });
    expect(ready.result.message).toContain(ready.result.downloadUrl);
    if (mode !== 'distributed') expect(ready.result.downloadUrl).toBe(`${kith.url}/v3/audience.download?requestId=${requestId}`);

    const file = await download(sharing, requestId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(file.headers.get('content-disposition')).toContain(`audience-${requestId}.json.gz`);
    const content = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')) as { members: Member[] };
    expect(content).toMatchObject({ requestId, tagMatch: 'any', tags: [{ key: 'segment', value: 'gold' }, { key: 'segment', value: 'silver' }], persons: 2 });
    expect(content.members.map((member) => member.recordid)).toEqual(['a1', 'a2']);

    const [a1, a2] = content.members;
    const [personId] = (await call(sharing, 'identity.resolve', { recordId: 'a1' })).body.personIds;
    expect(a1).toEqual({
      recordid: 'a1',
      partnerid: null,
      personid: personId,
      firstParty: { emails: [hashes(adaEmail)], maids: [ada.details.identifiers.maids[0]!.id.toLowerCase()] },
      // The partner's record of the same person, under an opaque label; the private account's is not there.
      secondParty: [{ partner: expect.stringMatching(/^sp_/), emails: [hashes('b1-ada@partner.example')], maids: [] }],
    });
    expect(JSON.stringify(a1)).not.toContain(partner.account.id);
    // a2 names nobody in Kith's data: a person of the account's own, which no other account shares.
    const [ownPersonId] = (await call(sharing, 'identity.resolve', { recordId: 'a2' })).body.personIds;
    expect(a2).toMatchObject({ recordid: 'a2', partnerid: 'crm-a2', personid: ownPersonId, secondParty: [] });
    expect(ownPersonId).not.toBe(personId);
  });

  it('counts a person once: two records of one person are two members under one personid', async () => {
    const tag = { key: 'twice', value: randomUUID() };
    const email = `twice-${randomUUID()}@example.org`;
    await call(private_, 'identity.map', { recordId: 't1', email, tags: [tag] });
    await call(private_, 'identity.map', { recordId: 't2', emails: [email, `t2-${randomUUID()}@example.org`], tags: [tag] });
    const { requestId } = await createAudience(private_, [tag]);
    const file = await download(private_, requestId);
    const content = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')) as { members: Member[]; persons: number };
    expect(content.members.map((member) => member.recordid)).toEqual(['t1', 't2']);
    expect(content.members[0]!.personid).toBe(content.members[1]!.personid);
    expect(content.persons).toBe(1);
  });

  it('gives an account outside identity sharing its first-party data only', async () => {
    const { requestId } = await createAudience(private_, [{ key: 'segment', value: 'gold' }]);
    const file = await download(private_, requestId);
    const content = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')) as { members: Member[] };
    expect(content.members).toHaveLength(1);
    expect(content.members[0]).not.toHaveProperty('secondParty');
    expect(content.members[0]!.firstParty).toEqual({ emails: [hashes('c1-ada@private.example'), hashes(adaEmail)], maids: [] });
  });

  it('keeps an audience to the account that made it, answers HEAD, and names unknown ids', async () => {
    const { requestId } = await createAudience(sharing, [{ key: 'other', value: 'x' }]);
    expect((await download(partner, requestId)).status).toBe(404);
    const head = await download(sharing, requestId, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await download(sharing, requestId, 'POST')).status).toBe(200);
    const unknown = randomUUID();
    const missing = await download(sharing, unknown);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, message: `Audience request is not found for requestId ${unknown}` });
    expect((await download(sharing, '')).status).toBe(400);
  });

  it.each([
    ['no webhookUrl', { tags: [{ key: 'k', value: 'v' }] }, 'webhookUrl'],
    ['a webhookUrl that is no URL', { webhookUrl: 'nope', tags: [{ key: 'k', value: 'v' }] }, 'webhookUrl'],
    ['no tags', { webhookUrl: 'https://example.org/hook', tags: [] }, 'tags'],
    ['a tag without value', { webhookUrl: 'https://example.org/hook', tags: [{ key: 'k' }] }, 'tags[0].value'],
  ])('audience.create answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await call(sharing, 'audience.create', body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  it("refuses an audience past its plan's limit of audiences held, building or ready, with 403 naming it", async () => {
    expect((await createPlan(kith)).audienceLimit).toBe(25);
    const limited = await createAccount(kith, { plan: (await createPlan(kith, { audienceLimit: 2 })).name });
    const create = () => call(limited, 'audience.create', { webhookUrl: `${receiver.url}/limited`, tags: [{ key: 'segment', value: 'gold' }] });
    const held = await Promise.all([create(), create()]);
    expect(held.map((answer) => answer.status)).toEqual([202, 202]);
    // Building or built, the two are held: a third at once or later is refused, as five more at once are.
    const refused = [await create(), ...(await Promise.all(Array.from({ length: 5 }, create)))];
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.message).toBe(
        'Audience limit reached: an account on this plan may hold 2 audiences, building or ready; one frees its place when it expires',
      );
    }
    await Promise.all(held.map((answer) => receiver.waitForRequest(answer.body.requestId, 30_000)));
    expect((await create()).status).toBe(403);
    // Another account is not held back by it.
    expect((await call(private_, 'audience.create', { webhookUrl: `${receiver.url}/other`, tags: [{ key: 'segment', value: 'gold' }] })).status).toBe(202);
  });
});
