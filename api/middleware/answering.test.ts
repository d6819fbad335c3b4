import { describe, expect, it } from 'vitest';
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

  it("hands a lookup past its deadline on once, and gives the retry the reply its worker kept under the request's fingerprint", async () => {
    const { post, store, dispatched, counted } = setUp(() => undefined);
    const queued = await post('person.enrich', { email: 'ada@example.com' });
    expect(queued.status).toBe(202);
    const resultKey = dispatched[0]!.resultKey!;
    expect(resultKey).toMatch(/^queued:[0-9a-f]{64}$/);
    await store.complete(ACCOUNT, resultKey, { status: 404, body: '{"status":404,"message":"Not found"}' });
    const retried = await post('person.enrich', { email: 'ada@example.com' });
    expect(retried.status).toBe(404);
    expect(await retried.json()).toEqual({ status: 404, message: 'Not found' });
    expect(dispatched).toHaveLength(1);
    expect(counted).toEqual([[{ operation: 'person.enrich', outcome: 'queued' }], [{ operation: 'person.enrich', outcome: 'miss' }]]);
  });

  it('leaves the count of a webhook answer to its worker', async () => {
    const { post, enqueued, counted } = setUp();
    const accepted = await post('person.enrich', { email: 'ada@example.com', webhookUrl: 'https://hooks.example.com/k' });
    expect(accepted.status).toBe(202);
    expect(enqueued).toHaveLength(1);
    expect(counted).toEqual([]);
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
