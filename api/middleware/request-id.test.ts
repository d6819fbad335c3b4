import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loggedLines } from '../../test/support/logged-lines.ts';
import type { ApiEnv } from '../env.ts';
import { actingFor, requestId } from './request-id.ts';

/** An app whose log lines are kept, answering the request id its handler saw. */
function setUp() {
  const { log, lines } = loggedLines();
  const app = new Hono<ApiEnv>();
  app.use('*', requestId({ log }));
  app.get('/v2/person.json', (c) => c.json({ seen: c.get('requestId') }));
  app.get('/v3/acting', (c) => {
    actingFor(c, 'account-1');
    c.get('log').warn('after sign-in');
    return c.json({ acting: c.get('accountId') });
  });
  return { app, lines };
}

describe('requestId', () => {
  it("keeps a sane X-Request-Id and answers it back", async () => {
    const { app } = setUp();
    const response = await app.request('/v2/person.json', { headers: { 'x-request-id': 'caller-trace.0001' } });
    expect(response.headers.get('x-request-id')).toBe('caller-trace.0001');
    expect(await response.json()).toEqual({ seen: 'caller-trace.0001' });
  });

  it('replaces an id that is too short, too long or has other characters with a UUID', async () => {
    const { app } = setUp();
    for (const offered of ['short', 'x'.repeat(129), 'has spaces in it', 'semi;colon-0001']) {
      const id = (await app.request('/v2/person.json', { headers: { 'x-request-id': offered } })).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('logs one access line per request, with its id and status and without the query string', async () => {
    const { app, lines } = setUp();
    await app.request('/v2/person.json?email=ada%40example.com&apiKey=secret', { headers: { 'x-request-id': 'req-00000001' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', requestId: 'req-00000001', method: 'GET', path: '/v2/person.json', status: 200 });
    expect(JSON.stringify(lines[0])).not.toMatch(/ada|secret/);
  });

  it("names the account a request acts for on that request's lines only, its access line included", async () => {
    const { app, lines } = setUp();
    expect(await (await app.request('/v3/acting', { headers: { 'x-request-id': 'req-00000002' } })).json()).toEqual({ acting: 'account-1' });
    await app.request('/v2/person.json', { headers: { 'x-request-id': 'req-00000003' } });
    expect(lines.map((line) => [line.msg, line.requestId, line.accountId])).toEqual([
      ['after sign-in', 'req-00000002', 'account-1'],
      ['request', 'req-00000002', 'account-1'],
      ['request', 'req-00000003', undefined],
    ]);
  });
});
