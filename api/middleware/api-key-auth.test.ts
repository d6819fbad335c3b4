import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from '../env.ts';
import { onError } from '../errors.ts';
import type { KeyAuthenticator } from '../key-authenticator.ts';
import { createLogger } from '../../adapters/logger.ts';
import { apiKeyAuth } from './api-key-auth.ts';

const KEY = 'kith_live_0123456789abcdef0123456789abcdef';

/** Knows one key, of account alice, and counts how often it was asked. */
function authenticator() {
  const asked: string[] = [];
  const known: KeyAuthenticator = {
    async authenticate(secret) {
      asked.push(secret);
      return secret === KEY ? { keyId: 'key-1', accountId: 'alice', rateLimit: 60 } : undefined;
    },
  };
  return { known, asked };
}

function setUp() {
  const { known, asked } = authenticator();
  const logged: MiddlewareHandler<ApiEnv> = async (c, next) => {
    c.set('requestId', 'req-12345678');
    c.set('log', createLogger('silent'));
    await next();
  };
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.use('/v3/*', logged, apiKeyAuth({ authenticator: known }));
  app.post('/v3/stats.get', (c) => c.json({ accountId: c.get('accountId'), rateLimit: c.get('rateLimit') }));
  const call = (init: { headers?: Record<string, string>; query?: string } = {}) =>
    app.request(`/v3/stats.get${init.query ?? ''}`, { method: 'POST', headers: init.headers });
  return { call, asked };
}

const refusal = async (response: Response) => ({ status: response.status, message: ((await response.json()) as { message: string }).message });

describe('apiKeyAuth', () => {
  it("authenticates Bearer <key> as its account, with the plan's rate limit", async () => {
    const { call } = setUp();
    const response = await call({ headers: { authorization: `Bearer ${KEY}` } });
    expect(await response.json()).toEqual({ accountId: 'alice', rateLimit: 60 });
  });

  it('refuses a missing key, and says where a key in the query or a legacy header belongs, without reading it', async () => {
    const { call, asked } = setUp();
    expect(await refusal(await call())).toEqual({ status: 401, message: 'Missing API key: send the header Authorization: Bearer <key>' });
    const misplaced = 'API keys are accepted on v3 only in the header Authorization: Bearer <key>';
    expect(await refusal(await call({ query: `?apiKey=${KEY}` }))).toEqual({ status: 401, message: misplaced });
    expect(await refusal(await call({ headers: { 'x-service-apikey': KEY } }))).toEqual({ status: 401, message: misplaced });
    expect(asked).toEqual([]);
  });

  it('refuses a malformed header and an unknown key', async () => {
    const { call } = setUp();
    for (const header of [`Basic ${KEY}`, `Bearer  ${KEY}`, 'Bearer', `bearer${KEY}`]) {
      expect(await refusal(await call({ headers: { authorization: header } }))).toEqual({
        status: 401,
        message: 'Malformed Authorization header: expected Bearer <key>',
      });
    }
    expect(await refusal(await call({ headers: { authorization: 'Bearer kith_live_unknown' } }))).toEqual({ status: 401, message: 'Invalid or revoked API key' });
  });
});
