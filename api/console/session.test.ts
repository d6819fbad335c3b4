import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { ConsoleHolder, ConsoleSession, ConsoleSessionStore } from '../../adapters/db/port.ts';
import { createLogger } from '../../adapters/logger.ts';
import { requestId } from '../middleware/request-id.ts';
import { csrfProtection } from './csrf.ts';
import type { ConsoleEnv, OperatorEnv } from './env.ts';
import { anySession, consoleSession, endSession, operatorSession, startSession, type SessionOptions } from './session.ts';

/** The session store's contract, in memory: enough to run the middleware through app.request(). */
function memorySessions(): ConsoleSessionStore & { sessions: Map<string, ConsoleSession & { tokenHash: string }> } {
  const sessions = new Map<string, ConsoleSession & { tokenHash: string }>();
  return {
    sessions,
    async createLoginToken() {},
    async redeemLoginToken() {
      return undefined;
    },
    async createSession(input) {
      sessions.set(input.tokenHash, { ...input });
    },
    async findSession(tokenHash, now) {
      const session = sessions.get(tokenHash);
      return session && session.expiresAt > now ? session : undefined;
    },
    async deleteSession(tokenHash) {
      sessions.delete(tokenHash);
    },
    async sweep() {
      return 0;
    },
  };
}

function harness() {
  const store = memorySessions();
  let now = new Date('2026-11-22T10:00:00Z');
  const options: SessionOptions = { store, clock: { now: () => now }, sessionMs: 3_600_000, secureCookies: (c) => new URL(c.req.url).protocol === 'https:' };
  const app = new Hono<ConsoleEnv>();
  app.use('*', requestId({ log: createLogger('silent') })); // as the app does: every request has its own logger
  const account: ConsoleHolder = { kind: 'account', accountId: '6f1d2c3b-0000-4000-8000-000000000001' };
  app.post('/console/sign-in', async (c) => {
    await startSession(c, options, c.req.query('as') === 'operator' ? { kind: 'operator' } : account);
    return c.text('signed in');
  });
  const guard = [consoleSession(options), csrfProtection<ConsoleEnv>()] as const;
  app.get('/console/page', ...guard, (c) => c.text(`${c.get('session').accountId} ${c.get('session').csrfToken}`));
  app.post('/console/page', ...guard, (c) => c.text('done'));
  const operatorApp = new Hono<OperatorEnv>();
  operatorApp.get('/console/graph', operatorSession(options), (c) => c.text(`operator ${c.get('session').csrfToken}`));
  app.route('/', operatorApp);
  app.post('/console/sign-out', anySession(options), csrfProtection(), async (c) => {
    await endSession(c, options);
    return c.text('bye');
  });
  const signIn = async (base = 'http://console.test', as: 'account' | 'operator' = 'account') => {
    const response = await app.request(`${base}/console/sign-in?as=${as}`, { method: 'POST' });
    const cookie = response.headers.get('set-cookie')!;
    const page = await app.request(as === 'operator' ? '/console/graph' : '/console/page', { headers: { cookie: cookie.split(';')[0]! } });
    return { cookie, sent: cookie.split(';')[0]!, csrf: (await page.text()).split(' ')[1]! };
  };
  const post = (path: string, sent: string, form: Record<string, string>) =>
    app.request(path, { method: 'POST', headers: { cookie: sent }, body: new URLSearchParams(form) });
  return { app, store, signIn, post, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('console sessions', () => {
  test('a sign-in sets an HttpOnly, SameSite=Strict cookie for /console, Secure only over https, and stores only a hash', async () => {
    const { signIn, store } = harness();
    const { cookie, sent } = await signIn();
    expect(cookie).toMatch(/^kith_console=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/console; HttpOnly; SameSite=Strict$/);
    expect([...store.sessions.keys()]).not.toContain(sent.split('=')[1]);
    expect((await signIn('https://console.test')).cookie).toMatch(/; Secure/);
  });

  test('no cookie, an unknown one or an expired session goes to the sign-in page', async () => {
    const { app, signIn, later } = harness();
    for (const cookie of [undefined, 'kith_console=nonsense', `kith_console=${'A'.repeat(43)}`]) {
      const response = await app.request('/console/page', { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/console/sign-in');
    }
    const { sent } = await signIn();
    expect((await app.request('/console/page', { headers: { cookie: sent } })).status).toBe(200);
    later(3_600_000);
    expect((await app.request('/console/page', { headers: { cookie: sent } })).status).toBe(303);
  });

  test("a POST needs the session's CSRF token: missing, wrong or another session's is refused before the handler", async () => {
    const { signIn, post } = harness();
    const mine = await signIn();
    const theirs = await signIn();
    expect((await post('/console/page', mine.sent, {})).status).toBe(403);
    expect((await post('/console/page', mine.sent, { _csrf: `${mine.csrf}x` })).status).toBe(403);
    expect((await post('/console/page', mine.sent, { _csrf: theirs.csrf })).status).toBe(403);
    const accepted = await post('/console/page', mine.sent, { _csrf: mine.csrf });
    expect([accepted.status, await accepted.text()]).toEqual([200, 'done']);
  });

  test('signing out deletes the session and the cookie', async () => {
    const { app, signIn, post, store } = harness();
    const { sent, csrf } = await signIn();
    const out = await post('/console/sign-out', sent, { _csrf: csrf });
    expect(out.headers.get('set-cookie')).toMatch(/^kith_console=; Max-Age=0; Path=\/console/);
    expect(store.sessions.size).toBe(0);
    expect((await app.request('/console/page', { headers: { cookie: sent } })).status).toBe(303);
  });

  test("the operator's session opens only the operator's pages, an account's only the account's (403 across)", async () => {
    const { app, signIn, store } = harness();
    const operator = await signIn('http://console.test', 'operator');
    const account = await signIn();
    expect([...store.sessions.values()].map((session) => session.holder.kind).sort()).toEqual(['account', 'operator']);
    const get = (path: string, sent: string) => app.request(path, { headers: { cookie: sent } });
    expect((await get('/console/graph', operator.sent)).status).toBe(200);
    expect((await get('/console/page', account.sent)).status).toBe(200);
    const refusedOperator = await get('/console/page', operator.sent);
    expect(refusedOperator.status).toBe(403);
    expect(await refusedOperator.text()).toContain('no account');
    const refusedAccount = await get('/console/graph', account.sent);
    expect(refusedAccount.status).toBe(403);
    expect(await refusedAccount.text()).toContain('operator');
    expect((await get('/console/graph', '')).headers.get('location')).toBe('/console/sign-in');
  });

  test("the operator signs out as an account's user does: with the session's CSRF token", async () => {
    const { app, signIn, post } = harness();
    const { sent, csrf } = await signIn('http://console.test', 'operator');
    expect((await post('/console/sign-out', sent, {})).status).toBe(403);
    expect((await post('/console/sign-out', sent, { _csrf: csrf })).status).toBe(200);
    expect((await app.request('/console/graph', { headers: { cookie: sent } })).status).toBe(303);
  });
});
