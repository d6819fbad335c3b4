import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceStore } from '../../adapters/audiences/store.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { databaseUrl, MODES } from '../support/modes.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** 0.002 hours: a tag counts for audiences once it is 7.2 seconds old. */
const MIN_AGE_HOURS = 0.002;
const MIN_AGE_MS = MIN_AGE_HOURS * 3_600_000;
const PUBLIC_URL = 'https://audiences.example.com/kith';

describe.each(MODES)('audiences with the tag minimum age and the public URL set (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  const call = (operation: string, body: unknown) => kith.client.v3(operation, body, { key: account.key });
  const download = (requestId: string) => fetch(`${kith.url}/v3/audience.download?requestId=${requestId}`, { headers: { Authorization: `Bearer ${account.key}` } });

  /** audience.create, then the webhook that says the file is ready, then the file's recordids. */
  async function audienceOf(tags: Array<{ key: string; value: string }>) {
    const accepted = await call('audience.create', { webhookUrl: `${receiver.url}/audience`, tags });
    expect(accepted.status, accepted.text).toBe(202);
    const requestId = accepted.body.requestId as string;
    const ready = JSON.parse((await receiver.waitForRequest(requestId, 30_000)).body);
    const file = await download(requestId);
    expect(file.status).toBe(200);
    const content = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')) as { members: Array<{ recordid: string }> };
    return { requestId, ready, members: content.members.map((member) => member.recordid) };
  }

  beforeAll(async () => {
    kith = await startTestKith(mode, {
      KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      KITH_TAG_MIN_AGE_HOURS: String(MIN_AGE_HOURS),
      KITH_PUBLIC_URL: `${PUBLIC_URL}/`,
    });
    account = await createAccount(kith);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await kith?.stop();
  });

  it('leaves out records tagged less than the minimum age before the request; tagging again keeps the first time', async () => {
    const tag = { key: 'age', value: `v${randomUUID().slice(0, 8)}` };
    const emails: Record<string, string> = { old: `old-${randomUUID()}@example.org`, young: `young-${randomUUID()}@example.org` };
    const map = (recordId: string, tags: unknown[]) => call('identity.map', { recordId, email: emails[recordId], tags });
    const mapped = await map('old', [tag]);
    expect(mapped.status, mapped.text).toBe(200);
    await sleep(MIN_AGE_MS + 2_000);
    expect((await map('young', [tag])).status).toBe(200);
    // The old record tagged again, both ways: its tag keeps the time it was first made, so it stays old enough.
    const again = await call('tags.create', { recordId: 'old', tags: [tag] });
    expect(again.status, again.text).toBe(200);
    const remapped = await map('old', [tag]);
    expect(remapped.status, remapped.text).toBe(200);

    const first = await audienceOf([tag]);
    expect(first.members).toEqual(['old']);

    // Once old enough, the young record is a member too.
    await sleep(MIN_AGE_MS + 1_000);
    expect((await audienceOf([tag])).members).toEqual(['old', 'young']);
  });

  it("announces the download address under KITH_PUBLIC_URL (its trailing slash dropped)", async () => {
    const tag = { key: 'public', value: `v${randomUUID().slice(0, 8)}` };
    const { requestId, ready } = await audienceOf([tag]);
    expect(ready.result.downloadUrl).toBe(`${PUBLIC_URL}/v3/audience.download?requestId=${requestId}`);
    expect(ready.result.downloadUrl.startsWith(PUBLIC_URL)).toBe(true);
    expect(ready.result.message).toContain(ready.result.downloadUrl);
  });

  // The audience rows of the modes on PostgreSQL the test can reach; the embedded mode's PGlite is inside Kith.
  it.runIf(mode !== 'embedded')('answers 202 with a message while the audience is being built', async () => {
    const db = createPgClient(databaseUrl(), 1);
    try {
      const requestId = randomUUID();
      // As the ingress records it at audience.create, before the audience worker has built it.
      await audienceStore(db).create(account.account.id, requestId, [{ key: 'k', value: 'v' }]);
      const answer = await download(requestId);
      expect(answer.status).toBe(202);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toEqual({ status: 202, message: expect.stringContaining('being built'), requestId });
    } finally {
      await db.close();
    }
  });

  it.runIf(mode !== 'embedded')('answers 410 once the audience has outlived its 30 days', async () => {
    const { requestId } = await audienceOf([{ key: 'expiring', value: `v${randomUUID().slice(0, 8)}` }]);
    const db = createPgClient(databaseUrl(), 1);
    try {
      // 30 days on: its time over, and the sweep's store call marking it expired.
      await db.query("UPDATE audiences SET expires_at = now() - interval '1 second' WHERE account_id = $1 AND id = $2", [account.account.id, requestId]);
      const expired = await audienceStore(db).expire(new Date());
      expect(expired).toContainEqual({ id: requestId, accountId: account.account.id });
    } finally {
      await db.close();
    }
    const answer = await download(requestId);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toMatchObject({ status: 410, message: expect.stringContaining('30 days') });
  });
});
