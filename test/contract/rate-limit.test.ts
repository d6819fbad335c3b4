import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../support/client.ts';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

const WINDOW_SECONDS = 5;
const WINDOW_MS = WINDOW_SECONDS * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Windows are aligned to the epoch and the server runs in this process, on this clock: waits, when less
 * than `ms` is left of the current window, for the next one, so that a burst of calls falls in one window.
 */
async function windowWithAtLeast(ms: number) {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < ms) await sleep(left + 10);
}

const rateLimitHeaders = (answer: Answer) => ({
  limit: answer.headers.get('x-rate-limit-limit'),
  remaining: answer.headers.get('x-rate-limit-remaining'),
  reset: Number(answer.headers.get('x-rate-limit-reset')),
});

describe.each(MODES)('rate limiting (%s)', (mode) => {
  let kith: TestKith;
  let fivePerWindow: string;
  const accountOnFive = () => createAccount(kith, { plan: fivePerWindow });
  const call = (account: TestAccount) => kith.client.v3('stats.get', {}, { key: account.key });

  /**
   * Uses up the account's 5 calls, then gets the 403: the five calls before it are answered with 4, 3, 2, 1 and 0
   * remaining. On a busy machine a window may end amid the calls and the count start again: the calls go on (at
   * most four windows' worth), so the verdict does not depend on how fast they are answered.
   */
  async function exhaust(account: TestAccount) {
    const answers: Answer[] = [];
    for (let made = 0; made < 24; made += 1) {
      const answer = await call(account);
      if (answer.status === 403) {
        expect(answers.slice(-5).map((previous) => [previous.status, rateLimitHeaders(previous).remaining])).toEqual(
          ['4', '3', '2', '1', '0'].map((remaining) => [200, remaining]),
        );
        return answer;
      }
      expect(answer.status, answer.text).toBe(200);
      answers.push(answer);
    }
    throw new Error('no 403 after 24 calls on a plan of 5 a window');
  }

  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) });
    fivePerWindow = (await createPlan(kith, { rateLimit: 5 })).name;
  });
  afterAll(() => kith?.stop());

  it('puts the legacy and the IETF rate-limit headers on answers, errors included', async () => {
    const alice = await createAccount(kith);
    await windowWithAtLeast(1000);
    const before = Date.now();
    const answer = await call(alice);
    const after = Date.now();
    expect(answer.status).toBe(200);
    const { limit, remaining, reset } = rateLimitHeaders(answer);
    expect([limit, remaining]).toEqual(['6000', '5999']);
    // Seconds until the window ends, as seen at some instant between sending and receiving.
    expect(reset).toBeGreaterThanOrEqual(Math.ceil((WINDOW_MS - (after % WINDOW_MS)) / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil((WINDOW_MS - (before % WINDOW_MS)) / 1000));
    expect(answer.headers.get('ratelimit-policy')).toBe(`"default";q=6000;w=${WINDOW_SECONDS}`);
    expect(answer.headers.get('ratelimit')).toBe(`"default";r=5999;t=${reset}`);

    const invalid = await kith.client.v3('stats.get', { stats: 'person' }, { key: alice.key });
    expect(invalid.status).toBe(400);
    expect(rateLimitHeaders(invalid)).toMatchObject({ limit: '6000', remaining: expect.stringMatching(/^59\d\d$/) });
  });

  it('answers the call over the limit with 403, Remaining 0 and Retry-After; other accounts go on', async () => {
    const [alice, bob] = await Promise.all([accountOnFive(), accountOnFive()]);
    await windowWithAtLeast(2000);
    const refused = await exhaust(alice);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(refused.body).toEqual({
      status: 403,
      message: expect.stringMatching(/^Rate limit exceeded/),
      requestId: expect.any(String),
    });
    const { limit, remaining, reset } = rateLimitHeaders(refused);
    expect([limit, remaining]).toEqual(['5', '0']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(refused.headers.get('retry-after')).toBe(String(reset));

    const other = await call(bob);
    expect(other.status).toBe(200);
    expect(rateLimitHeaders(other)).toMatchObject({ limit: '5', remaining: '4' });
  });

  it('lets calls through again once the window ends, with the full limit', async () => {
    const alice = await accountOnFive();
    await windowWithAtLeast(2000);
    expect((await exhaust(alice)).status).toBe(403);
    const windowEnd = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    const deadline = windowEnd + 2000;
    let answer = await call(alice);
    while (answer.status === 403 && Date.now() < deadline) {
      await sleep(100);
      answer = await call(alice);
    }
    expect(answer.status, answer.text).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(windowEnd);
    expect(rateLimitHeaders(answer).remaining).toBe('4');
  });

  it('counts unauthenticated calls against no one', async () => {
    const alice = await accountOnFive();
    const spare = await kith.client.admin('POST', `/accounts/${alice.account.id}/keys`);
    expect((await kith.client.admin('POST', `/keys/${spare.body.id}/revoke`)).status).toBe(200);
    await windowWithAtLeast(2000);
    const unauthenticated = await Promise.all([
      ...Array.from({ length: 6 }, () => kith.client.v3('stats.get', {}, { key: spare.body.key })),
      ...Array.from({ length: 6 }, () => kith.client.v3('stats.get', {}, { key: 'kith_not-a-key' })),
      kith.client.v3('stats.get', {}),
    ]);
    for (const answer of unauthenticated) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('x-rate-limit-limit')).toBeNull();
    }
    expect((await exhaust(alice)).status).toBe(403);
  });
});
