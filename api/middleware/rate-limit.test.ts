import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '../../adapters/rate-limit/memory.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError, onError } from '../errors.ts';
import { rateLimit } from './rate-limit.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z'); // a window boundary for any window length dividing 60 s

/**
 * An app with the middleware over the memory limiter, a settable clock and a counter of operations run; its batch
 * operation charges a call per request, as the v3 route does.
 */
function setUp(limit: number) {
  const clock = { at: T0 + 15_000, now: () => new Date(clock.at) };
  const ran = { count: 0 };
  const authenticated: MiddlewareHandler<ApiEnv> = async (c, next) => {
    c.set('requestId', 'req-12345678');
    c.set('accountId', c.req.header('x-account') ?? 'alice');
    c.set('rateLimit', limit);
    await next();
  };
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.use(
    '/v3/*',
    authenticated,
    rateLimit({
      limiter: memoryRateLimiter(),
      clock,
      windowSeconds: 60,
      exempt: new Set(['audience.download']),
      batchCalls: async (c) => (c.req.path.endsWith('.bulkEnrich') ? requestsOf(await c.req.json()) : undefined),
    }),
  );
  app.post('/v3/person.bulkEnrich', async (c) => {
    await c.get('chargeCalls')?.(requestsOf(await c.req.json()) - 1);
    ran.count += 1;
    return c.json([]);
  });
  app.post('/v3/stats.get', (c) => {
    ran.count += 1;
    return c.json({ ok: true });
  });
  app.post('/v3/tags.get', () => {
    throw new ApiError(400, 'Invalid request: recordId: Required');
  });
  app.get('/v3/audience.download', () => new Response('gzip bytes')); // a raw Response, not made by c
  const call = (path = '/v3/stats.get', init: RequestInit = { method: 'POST' }) => app.request(path, init);
  return { clock, ran, call };
}

const requestsOf = (body: unknown) => (body as { requests: unknown[] }).requests.length;

const rateLimitHeaders = (response: Response) => ({
  limit: response.headers.get('x-rate-limit-limit'),
  remaining: response.headers.get('x-rate-limit-remaining'),
  reset: response.headers.get('x-rate-limit-reset'),
  policy: response.headers.get('ratelimit-policy'),
  rateLimit: response.headers.get('ratelimit'),
});

describe('rateLimit middleware', () => {
  it('puts the legacy and the IETF headers on an answer within the limit', async () => {
    const { call } = setUp(3);
    const response = await call();
    expect(response.status).toBe(200);
    expect(rateLimitHeaders(response)).toEqual({
      limit: '3',
      remaining: '2',
      reset: '45',
      policy: '"default";q=3;w=60',
      rateLimit: '"default";r=2;t=45',
    });
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('answers 403 over the limit with Remaining 0 and Retry-After, without running the operation', async () => {
    const { call, ran } = setUp(2);
    await call();
    await call();
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: 403,
      message: 'Rate limit exceeded: 2 calls per 60 seconds; retry in 45 seconds',
      requestId: 'req-12345678',
    });
    expect(rateLimitHeaders(refused)).toMatchObject({ limit: '2', remaining: '0', reset: '45' });
    expect(rateLimitHeaders(refused).rateLimit).toBe('"default";r=0;t=45');
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(ran.count).toBe(2);
  });

  it('lets calls through again when the window ends', async () => {
    const { call, clock } = setUp(1);
    await call();
    expect((await call()).status).toBe(403);
    clock.at = T0 + 60_000;
    const next = await call();
    expect(next.status).toBe(200);
    expect(rateLimitHeaders(next)).toMatchObject({ remaining: '0', reset: '60' });
  });

  it('puts the headers on errors answered further down the chain, which count as calls', async () => {
    const { call } = setUp(5);
    const invalid = await call('/v3/tags.get');
    expect(invalid.status).toBe(400);
    expect(rateLimitHeaders(invalid)).toMatchObject({ limit: '5', remaining: '4' });
    const missing = await call('/v3/no.such', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(rateLimitHeaders(missing)).toMatchObject({ remaining: '3' });
  });

  it('does not count exempt operations, which still report where the account stands', async () => {
    const { call } = setUp(1);
    await call();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const download = await call('/v3/audience.download', { method: 'GET' });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe('gzip bytes');
      expect(rateLimitHeaders(download)).toMatchObject({ limit: '1', remaining: '0', reset: '45' });
    }
  });

  it('counts each account on its own', async () => {
    const { call } = setUp(1);
    await call();
    expect((await call()).status).toBe(403);
    const bob = await call('/v3/stats.get', { method: 'POST', headers: { 'x-account': 'bob' } });
    expect(bob.status).toBe(200);
    expect(rateLimitHeaders(bob)).toMatchObject({ remaining: '0' });
  });

  it('refuses a batch larger than the whole window with 400 and no Retry-After, whether the window has calls left or is spent', async () => {
    const { call, ran } = setUp(3);
    const batchOf = (size: number) =>
      call('/v3/person.bulkEnrich', { method: 'POST', body: JSON.stringify({ requests: Array.from({ length: size }, () => ({})) }) });
    const message = 'Invalid request: requests: this batch counts 5 calls and the plan allows 3 per 60 seconds: send at most 3 requests a batch';

    const withCallsLeft = await batchOf(5);
    expect(withCallsLeft.status).toBe(400);
    expect((await withCallsLeft.json()).message).toBe(message);
    expect(withCallsLeft.headers.get('retry-after')).toBeNull();
    expect(rateLimitHeaders(withCallsLeft)).toMatchObject({ limit: '3', remaining: '2' });

    await call();
    await call();
    expect((await call()).status).toBe(403);
    const spent = await batchOf(5);
    expect(spent.status).toBe(400);
    expect((await spent.json()).message).toBe(message);
    expect(spent.headers.get('retry-after')).toBeNull();
    expect(rateLimitHeaders(spent)).toMatchObject({ limit: '3', remaining: '0', reset: '45' });

    // A batch the whole window holds waits for the next one, as a single call does.
    const fits = await batchOf(3);
    expect(fits.status).toBe(403);
    expect(fits.headers.get('retry-after')).toBe('45');
    expect(ran.count).toBe(2);
  });
});
