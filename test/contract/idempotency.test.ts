import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { expectIsolated } from '../support/isolation.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { databaseUrl, MODES } from '../support/modes.ts';

describe.each(MODES)('Idempotency-Key (%s)', (mode) => {
  let kith: TestKith;
  let alice: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith(mode);
    alice = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  const withKey = (key: string) => ({ key: alice.key, headers: { 'Idempotency-Key': key } });

  it('replays the first answer for the same key and request, whatever the key order', async () => {
    const key = randomUUID();
    const first = await kith.client.v3('stats.get', { stats: ['person', 'company'] }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await kith.client.v3('stats.get', { stats: ['person', 'company'] }, withKey(key));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('answers 422 when the key is reused with another request', async () => {
    const key = randomUUID();
    expect((await kith.client.v3('stats.get', { stats: ['person'] }, withKey(key))).status).toBe(200);
    const other = await kith.client.v3('stats.get', { stats: ['company'] }, withKey(key));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ status: 422, message: expect.stringContaining('different request') });
  });

  it('keeps no answer for invalid input, so the corrected request can reuse the key', async () => {
    const key = randomUUID();
    const bad = await kith.client.v3('stats.get', { stats: 'person' }, withKey(key));
    expect(bad.status).toBe(400);
    const corrected = await kith.client.v3('stats.get', { stats: ['person'] }, withKey(key));
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses keys longer than 255 characters', async () => {
    const answer = await kith.client.v3('stats.get', {}, withKey('k'.repeat(256)));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
  });

  it('keeps keys per account: another account using the same key gets its own answer', async () => {
    const plan = await createPlan(kith, { name: `gold-${randomUUID()}`, baseCost: 500 });
    const bob = await createAccount(kith, { plan: plan.name });
    const key = randomUUID();
    await expectIsolated(kith, alice, bob, [{ operation: 'stats.get', body: {}, headers: { 'Idempotency-Key': key } }], (own, other) => {
      expect(own.status).toBe(200);
      expect(other.status).toBe(200);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(other.body.plan.name).toBe(plan.name);
      expect(own.body.plan.name).toBe('Standard');
    });
  });

  it.runIf(mode !== 'embedded')('answers 409 while the first request with the key is still in flight', async () => {
    const key = randomUUID();
    const first = await kith.client.v3('stats.get', {}, withKey(key));
    expect(first.status).toBe(200);
    // Turn the stored answer back into an unfinished claim, as if the first request were still running.
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      await db.query(
        'UPDATE idempotency_keys SET status_code = NULL, response_body = NULL, claimed_at = now() WHERE account_id = $1 AND key = $2',
        [alice.account.id, key],
      );
    } finally {
      await db.end();
    }
    const second = await kith.client.v3('stats.get', {}, withKey(key));
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
  });
});
