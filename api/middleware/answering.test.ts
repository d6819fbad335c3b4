import { describe, expect, it } from 'vitest';
import type { Admission } from '../../adapters/dispatch/port.ts';
import { ACCOUNT, answeringApps } from '../../test/support/answering-app.ts';

const setUp = answeringApps();

describe('the answering of a request (claim, dispatch, keep, replay, usage)', () => {
  it('replays the answer kept under an Idempotency-Key for the same body in another key order, and counts it once', async () => {
    const { post, dispatched, counted } = setUp(() => ({ status: 200, body: { recordId: 'crm-1', tags: [] } }));
    const first = await post('tags.get', { recordId: 'crm-1', metadata: { a: 1, b: 2 } }, { 'Idempotency-Key': 'k-replay' });
    const again = await post('tags.get', { metadata: { b: 2, a: 1 }, recordId: 'crm-1' }, { 'Idempotency-Key': 'k-replay' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(dispatched).toHaveLength(1);
    expect(counted).toEqual([[{ operation: 'tags.get', outcome: 'ok' }]]);
  });

  it('answers 422 to the same key with another request, and counts the refusal', async () => {
    const { post, counted } = setUp();
    await post('tags.get', { recordId: 'crm-1' }, { 'Idempotency-Key': 'k-mismatch' });
    const other = await post('tags.get', { recordId: 'crm-2' }, { 'Idempotency-Key': 'k-mismatch' });
    expect(other.status).toBe(422);
    expect(counted).toEqual([[{ operation: 'tags.get', outcome: 'ok' }], [{ operation: 'tags.get', outcome: 'error' }]]);
  });

  it('releases a key whose answer failed after its event was handed over, so that the retry sends that same event', async () => {
    let answered = false;
    const { post, dispatched } = setUp(() => (answered ? { status: 200, body: { recordId: 'crm-1', tags: [] } } : undefined));
    const failed = await post('tags.get', { recordId: 'crm-1' }, { 'Idempotency-Key': 'k-release' });
    expect(failed.status).toBe(503);
    answered = true;
    const retried = await post('tags.get', { recordId: 'crm-1' }, { 'Idempotency-Key': 'k-release' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(dispatched).toHaveLength(2);
    expect(dispatched[1]!.eventId).toBe(dispatched[0]!.eventId);
  });

  it('answers a lookup in time without writing anything', async () => {
    const { post, db } = setUp(() => ({ status: 404, body: { status: 404, message: 'Not found' } }));
    const answered = await post('person.enrich', { email: 'in-time@example.com' });
    expect(answered.status).toBe(404);
    expect(await db.query("SELECT key FROM idempotency_keys WHERE key LIKE 'queued:%'")).toEqual([]);
  });

  it('keeps the late reply of a lookup past its deadline under its fingerprint, for the retry, worked and counted once', async () => {
    const { post, late, replyLate, dispatched, counted } = setUp(() => undefined);
    const queued = await post('person.enrich', { email: 'ada@example.com', phone: '+15555550100' });
    expect(queued.status).toBe(202);
    replyLate(dispatched[0]!, { status: 404, body: { status: 404, message: 'Not found' } });
    await late.drain();
    const retried = await post('person.enrich', { phone: '+15555550100', email: 'ada@example.com' });
    expect(retried.status).toBe(404);
    expect(await retried.json()).toEqual({ status: 404, message: 'Not found' });
    expect(dispatched).toHaveLength(1);
    expect(counted).toEqual([[{ operation: 'person.enrich', outcome: 'queued' }], [{ operation: 'person.enrich', outcome: 'miss' }]]);
  });

  it('lets the retry send a lookup again when its late reply failed, or had not come when the ingress stopped', async () => {
    const { post, late, replyLate, dispatched } = setUp(() => undefined);
    expect((await post('person.enrich', { email: 'failed@example.com' })).status).toBe(202);
    replyLate(dispatched[0]!, { status: 503, body: { status: 503, message: 'Service temporarily unavailable; please retry' } });
    expect((await post('person.enrich', { email: 'stopped@example.com' })).status).toBe(202);
    await late.drain();
    // A key still claimed, or a reply kept, would answer these without sending them.
    await post('person.enrich', { email: 'failed@example.com' });
    await post('person.enrich', { email: 'stopped@example.com' });
    await late.drain();
    expect(dispatched).toHaveLength(4);
  });

  it("answers v2's queue=1 with 202 at once, even when the reply is there already, and the same call again with it", async () => {
    const { app, late, dispatched } = setUp(() => ({ status: 404, body: { status: 404, message: 'Not found' } }));
    const path = '/v2/person.json?email=queued%40example.com&queue=1';
    expect((await app.request(path)).status).toBe(202);
    await late.drain();
    expect((await app.request(path)).status).toBe(404);
    expect(dispatched).toHaveLength(1);
  });

  it('leaves the count of a webhook answer to its worker', async () => {
    const { post, enqueued, counted } = setUp();
    const accepted = await post('person.enrich', { email: 'ada@example.com', webhookUrl: 'https://hooks.example.com/k' });
    expect(accepted.status).toBe(202);
    expect(enqueued).toHaveLength(1);
    expect(counted).toEqual([]);
  });

  it('refuses a webhook request Kith cannot take on now with 503 before recording or handing over anything, and counts none', async () => {
    const asked: Parameters<Admission>[0][] = [];
    const busyDeliveries: Admission = (request) => {
      asked.push(request);
      return request.toWebhook ? 'deliveries behind' : undefined;
    };
    const { post, created, enqueued, dispatched, counted } = setUp(undefined, busyDeliveries);
    const refused = await post('audience.create', { webhookUrl: 'https://hooks.example.com/a', tags: [{ key: 'k', value: 'v' }] });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ status: 503, message: 'deliveries behind', requestId: 'req-12345678' });
    // The same account's request without a webhook is taken on.
    expect((await post('tags.get', { recordId: 'crm-1' })).status).toBe(200);
    expect(asked).toEqual([
      { operation: 'audience.create', accountId: ACCOUNT, toWebhook: true },
      { operation: 'tags.get', accountId: ACCOUNT, toWebhook: false },
    ]);
    expect(created).toEqual([]);
    expect(enqueued).toEqual([]);
    expect(dispatched).toHaveLength(1);
    expect(counted).toEqual([[{ operation: 'tags.get', outcome: 'ok' }]]);
  });

  it('refuses a lookup Kith cannot take on now without claiming a kept reply for it, and answers its retry once taken on', async () => {
    let busy = true;
    const { post, db, dispatched, counted } = setUp(
      () => ({ status: 404, body: { status: 404, message: 'Not found' } }),
      () => (busy ? 'lookups behind' : undefined),
    );
    const keptReplyClaims = () => db.query("SELECT key FROM idempotency_keys WHERE key LIKE 'queued:%' ORDER BY key");
    const claimedBefore = await keptReplyClaims();
    expect((await post('person.enrich', { email: 'refused@example.com' })).status).toBe(503);
    expect(await keptReplyClaims()).toEqual(claimedBefore);
    busy = false;
    expect((await post('person.enrich', { email: 'refused@example.com' })).status).toBe(404);
    expect(dispatched).toHaveLength(1);
    expect(counted).toEqual([[{ operation: 'person.enrich', outcome: 'miss' }]]);
  });

  it('releases the Idempotency-Key of a refused request, so that its retry is worked once taken on', async () => {
    let busy = true;
    const { post, dispatched } = setUp(undefined, () => (busy ? 'tags behind' : undefined));
    const refused = await post('tags.get', { recordId: 'crm-1' }, { 'Idempotency-Key': 'k-refused' });
    expect(refused.status).toBe(503);
    busy = false;
    const retried = await post('tags.get', { recordId: 'crm-1' }, { 'Idempotency-Key': 'k-refused' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(dispatched).toHaveLength(1);
  });

  it("counts a batch as one call of its single operation per request, each with its own answer's outcome", async () => {
    const { post, counted } = setUp(() => ({ status: 200, body: [{ status: 200, data: {} }, { status: 404, data: {} }] }));
    const answered = await post('person.bulkEnrich', { requests: [{ email: 'ada@example.com' }, { email: 'grace@example.com' }] });
    expect(answered.status).toBe(200);
    expect(counted).toEqual([
      [
        { operation: 'person.enrich', outcome: 'match' },
        { operation: 'person.enrich', outcome: 'miss' },
      ],
    ]);
  });

  it('counts a v2 call as the operation it stands for, and an unknown path not at all', async () => {
    const { app, counted } = setUp(() => ({ status: 404, body: { status: 404, message: 'Not found' } }));
    const answered = await app.request('/v2/company/lookup.json?domain=example.com');
    expect(answered.status).toBe(404);
    expect((await app.request('/v3/tags.rename', { method: 'POST' })).status).toBe(404);
    expect(counted).toEqual([[{ operation: 'company.enrich', outcome: 'miss' }]]);
  });
});
