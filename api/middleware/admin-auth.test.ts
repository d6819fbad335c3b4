import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loggedLines } from '../../test/support/logged-lines.ts';
import type { ApiEnv } from '../env.ts';
import { parseNetwork } from '../../domain/networks.ts';
import { onError } from '../errors.ts';
import { adminAuth, FREE_FAILURES, waitAfter } from './admin-auth.ts';
import { requestClient } from './request-client.ts';
import { requestId } from './request-id.ts';

const TOKEN = 'kith_admin_0123456789abcdefghijklmnopqrstuv';

/**
 * The middleware on /admin/ behind the request's logger and client address, a settable clock, the warnings it logs,
 * and requests from a chosen peer address, forwarded for another when `forwardedFor` is given.
 */
function setUp(trustedProxies: string[] = []) {
  const clock = { at: Date.parse('2026-06-01T12:00:00Z'), now: () => new Date(clock.at) };
  const { log, lines } = loggedLines();
  /** What was logged at warn, the request's client among it. */
  const warnings = () =>
    lines.filter((line) => line.level === 40).map(({ client, failures, waitSeconds, msg }) => ({ client, failures, waitSeconds, msg }));
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.use(
    '/admin/*',
    requestId({ log }),
    requestClient({ trustedProxies: trustedProxies.map(parseNetwork) }),
    adminAuth({ adminToken: TOKEN, clock }),
  );
  app.get('/admin/plans', (c) => c.json({ plans: [] }));
  const call = (token: string | undefined, from = '203.0.113.7', forwardedFor?: string) =>
    app.request(
      '/admin/plans',
      {
        headers: {
          ...(token !== undefined && { Authorization: `Bearer ${token}` }),
          ...(forwardedFor !== undefined && { 'X-Forwarded-For': forwardedFor }),
        },
      },
      { incoming: { socket: { remoteAddress: from } } },
    );
  return { clock, warnings, lines, call };
}

describe('admin token throttling', () => {
  it('answers 401 to the first wrong tokens, each logged at warn without the token, then 429 with Retry-After', async () => {
    const { warnings, lines, call } = setUp();
    for (let i = 1; i < FREE_FAILURES; i += 1) expect((await call(`wrong-${i}`)).status).toBe(401);
    expect(warnings()).toHaveLength(FREE_FAILURES - 1);
    expect(warnings()[0]).toEqual({ client: '203.0.113.7', failures: 1, msg: 'wrong admin token' });
    expect(JSON.stringify(lines)).not.toContain('wrong-');

    expect((await call('wrong-again')).status).toBe(401); // the FREE_FAILURES-th: from now on the address waits
    expect(warnings().at(-1)).toMatchObject({ failures: FREE_FAILURES, waitSeconds: 1 });
    // Even the right token waits: guessing stops, whatever is offered.
    const refused = await call(TOKEN);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ status: 429, message: expect.stringContaining('Too many wrong admin tokens') });
  });

  it('doubles the wait at each further wrong token, up to 15 minutes, and forgets it at the right token', async () => {
    const { clock, call } = setUp();
    for (let i = 0; i < FREE_FAILURES; i += 1) await call('wrong');
    for (const waitMs of [1000, 2000, 4000]) {
      clock.at += waitMs - 1;
      expect((await call('wrong')).status).toBe(429); // not counted: the address was waiting
      clock.at += 1;
      expect((await call('wrong')).status).toBe(401);
    }
    expect(waitAfter(FREE_FAILURES + 30)).toBe(15 * 60_000);
    clock.at += 8000;
    expect((await call(TOKEN)).status).toBe(200);
    expect((await call('wrong')).status).toBe(401);
    expect((await call(TOKEN)).status).toBe(200);
  });

  it('throttles by client address: another address is not held back, an IPv6 /64 counts as one', async () => {
    const { call } = setUp();
    for (let i = 0; i < FREE_FAILURES; i += 1) await call('wrong', '2001:db8:1:2::1');
    expect((await call(TOKEN, '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await call(TOKEN, '2001:db8:1:3::1')).status).toBe(200);
    expect((await call(TOKEN, '198.51.100.1')).status).toBe(200);
    for (let i = 0; i < FREE_FAILURES; i += 1) await call('wrong', '::ffff:198.51.100.2');
    expect((await call(TOKEN, '198.51.100.2')).status).toBe(429);
  });

  it('does not count a request without a token, which guesses nothing', async () => {
    const { warnings, call } = setUp();
    for (let i = 0; i < FREE_FAILURES * 2; i += 1) expect((await call(undefined)).status).toBe(401);
    expect(warnings()).toEqual([]);
    expect((await call(TOKEN)).status).toBe(200);
  });

  it('forgets an address an hour after its last wrong token', async () => {
    const { clock, call } = setUp();
    for (let i = 0; i < FREE_FAILURES + 3; i += 1) {
      await call('wrong');
      clock.at += 10 * 60_000;
    }
    clock.at += 61 * 60_000;
    expect((await call('wrong')).status).toBe(401);
    expect((await call(TOKEN)).status).toBe(200);
  });

  it('counts the clients a trusted proxy forwards for each on its own, and believes no one else\'s header', async () => {
    const { warnings, call } = setUp(['10.0.0.0/8']);
    for (let i = 0; i < FREE_FAILURES; i += 1) await call('wrong', '10.0.0.2', '203.0.113.7');
    expect(warnings().map((warning) => warning.client)).toEqual(Array(FREE_FAILURES).fill('203.0.113.7'));
    expect((await call(TOKEN, '10.0.0.2', '203.0.113.7')).status).toBe(429);
    expect((await call(TOKEN, '10.0.0.2', '203.0.113.8')).status).toBe(200);
    // A client behind the proxy cannot pass for another by writing the header itself: the proxy appends its address.
    expect((await call(TOKEN, '10.0.0.2', '203.0.113.8, 203.0.113.7')).status).toBe(429);
    // Sent straight to Kith, the header is the sender's word: its own address is what counts.
    for (let i = 0; i < FREE_FAILURES; i += 1) await call('wrong', '198.51.100.1', '203.0.113.9');
    expect((await call(TOKEN, '198.51.100.1', '203.0.113.10')).status).toBe(429);
    expect(warnings().at(-1)).toMatchObject({ client: '198.51.100.1' });
  });
});
