import { describe, expect, it } from 'vitest';
import { ACCOUNT, answeringApps, NOW } from '../../test/support/answering-app.ts';

const setUp = answeringApps();

describe('the generic v3 route', () => {
  it("hands a valid request to its worker as the operation's event and answers the worker's reply", async () => {
    const { post, dispatched } = setUp(() => ({ status: 200, body: { recordId: 'crm-1', tags: [] } }));
    const response = await post('tags.get', { recordId: ' crm-1 ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recordId: 'crm-1', tags: [] });
    expect(dispatched).toEqual([
      {
        eventId: expect.any(String),
        requestId: 'req-12345678',
        accountId: ACCOUNT,
        operation: 'tags.get',
        body: { recordId: 'crm-1' },
        query: {},
        receivedAt: NOW.toISOString(),
      },
    ]);
  });

  it("keys a change of a record by the record, so that the record's changes apply in order", async () => {
    const { post, dispatched } = setUp();
    await post('tags.create', { recordId: 'crm-1', tags: [{ key: 'segment', value: 'gold' }] });
    expect(dispatched[0]).toMatchObject({ operation: 'tags.create', orderKey: `${ACCOUNT}/crm-1` });
  });

  it('sends the payload the registry makes, not the request: keys for emails, never the address', async () => {
    const { post, dispatched } = setUp();
    await post('permission.find', { email: 'Ada@Example.com' });
    expect(JSON.stringify(dispatched[0]!.body)).not.toMatch(/ada/i);
    expect(dispatched[0]!.body).toEqual({ keys: [{ kind: 'email_md5', value: expect.any(String) }, { kind: 'email_sha256', value: expect.any(String) }] });
  });

  it('refuses an invalid body with 400 naming the field, and hands nothing over', async () => {
    const { post, dispatched } = setUp();
    const response = await post('tags.create', { recordId: 'crm-1', tags: [] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid request: tags: /);
    expect(dispatched).toEqual([]);
  });

  it('answers 202 at once for a webhook, handing the request on without waiting, and refuses a refused URL', async () => {
    const { post, dispatched, enqueued, created } = setUp();
    const accepted = await post('audience.create', { webhookUrl: 'https://hooks.example.com/a', tags: [{ key: 'segment', value: 'gold' }] });
    expect(accepted.status).toBe(202);
    const { requestId } = (await accepted.json()) as { requestId: string };
    expect(created).toEqual([`audience.create ${requestId}`]);
    expect(dispatched).toEqual([]);
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]).toMatchObject({ operation: 'audience.create', createdId: requestId, webhook: { url: 'https://hooks.example.com/a' } });
    const refused = await post('audience.create', { webhookUrl: 'http://hooks.example.com/a', tags: [{ key: 'segment', value: 'gold' }] });
    expect(refused.status).toBe(400);
    expect(enqueued).toHaveLength(1);
  });

  it('answers 503 with Retry-After when the worker does not answer by the deadline', async () => {
    const { post } = setUp(() => undefined);
    const response = await post('tags.get', { recordId: 'crm-1' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('answers 405 with Allow: POST to another method, and 404 to an unknown operation', async () => {
    const { app } = setUp();
    const get = await app.request('/v3/tags.get');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await app.request('/v3/tags.rename', { method: 'POST' })).status).toBe(404);
  });
});
