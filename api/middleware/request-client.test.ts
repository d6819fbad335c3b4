import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loggedLines } from '../../test/support/logged-lines.ts';
import { parseNetwork } from '../../domain/networks.ts';
import type { ApiEnv } from '../env.ts';
import { requestClient } from './request-client.ts';
import { requestId } from './request-id.ts';

/** An app trusting the proxies at 10.0.0.0/8, whose handler logs a line and answers the client it was given. */
function setUp() {
  const { log, lines } = loggedLines();
  const app = new Hono<ApiEnv>();
  app.use('*', requestId({ log }), requestClient({ trustedProxies: [parseNetwork('10.0.0.0/8')] }));
  app.get('/admin/plans', (c) => {
    c.get('log').warn('inside');
    return c.json({ client: c.get('client') });
  });
  const call = (from: string | undefined, forwardedFor?: string) =>
    app.request(
      '/admin/plans',
      { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } },
      from === undefined ? {} : { incoming: { socket: { remoteAddress: from } } },
    );
  return { lines, call };
}

describe('requestClient', () => {
  it('names the client on every line of the request, its access line included', async () => {
    const { lines, call } = setUp();
    expect(await (await call('10.0.0.2', '203.0.113.7')).json()).toEqual({ client: '203.0.113.7' });
    expect(lines.map((line) => [line.msg, line.client])).toEqual([
      ['inside', '203.0.113.7'],
      ['request', '203.0.113.7'],
    ]);
  });

  it("takes the peer's own address when it is no trusted proxy, and says when there is none", async () => {
    const { call } = setUp();
    expect(await (await call('::ffff:198.51.100.1', '203.0.113.7')).json()).toEqual({ client: '198.51.100.1' });
    expect(await (await call(undefined, '203.0.113.7')).json()).toEqual({ client: 'unknown' });
  });
});
