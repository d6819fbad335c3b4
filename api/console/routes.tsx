import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Clock } from '../../adapters/clock.ts';
import { RetryableError } from '../../adapters/errors.ts';
import type { Dispatcher } from '../../adapters/dispatch/port.ts';
import type { Stores } from '../../adapters/db/port.ts';
import type { UsageStore } from '../../adapters/usage/port.ts';
import type { StatsGetResponse } from '../../schemas/v3/stats-get.ts';
import { issueApiKey } from '../api-keys.ts';
import { csrfProtection } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { consoleHeaders } from './headers.ts';
import { documentOf } from './layout.tsx';
import { KeysPage, RevokeKeyPage } from './pages/keys.tsx';
import { ProblemPage } from './pages/problem.tsx';
import { SignedOutPage, SignInPage } from './pages/sign-in.tsx';
import { UsagePage } from './pages/usage.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { hashConsoleSecret, isWellFormedConsoleSecret } from './secrets.ts';
import { statsOverDispatcher } from './stats.ts';
import { consoleSession, endSession, startSession } from './session.ts';
import { chosenRange, days, seriesByOperation, usageCsv } from './usage-range.ts';

export type ConsoleOptions = {
  stores: Pick<Stores, 'apiKeys' | 'deliveries' | 'webhookSecrets' | 'consoleSessions'>;
  usage: Pick<UsageStore, 'daily'>;
  /** Asks the usage worker for stats.get, waiting up to `syncDeadlineMs`. */
  dispatcher: Dispatcher;
  syncDeadlineMs: number;
  clock: Clock;
  sessionMs: number;
  /** How long the previous webhook secret still signs after a rotation. */
  secretOverlapMs: number;
  /** The public base address; an https one makes the session cookie Secure behind a TLS-ending proxy. */
  publicUrl: string | undefined;
};

/** Secure cookies when the browser reaches the console over https. */
const overHttps = (publicUrl: string | undefined) => (c: Context) =>
  publicUrl?.startsWith('https:') || new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

const RECENT_DELIVERIES = 50;
const NOTICES: Record<string, string> = {
  revoked: 'The key is revoked: requests with it are refused within a second.',
  rotated: 'A new signing secret signs from now on; the previous one signs too until the overlap ends.',
  replayed: 'The delivery is due again now.',
};
const asset = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
const todayOf = (clock: Clock) => clock.now().toISOString().slice(0, 10);

/** The web console under /console: sign-in by one-time link, then the account's keys, usage and webhooks. */
export function consoleRoutes(options: ConsoleOptions) {
  const { stores, clock } = options;
  const sessions = { store: stores.consoleSessions, clock, sessionMs: options.sessionMs, secureCookies: overHttps(options.publicUrl) };
  const accountStats = statsOverDispatcher({ dispatcher: options.dispatcher, clock, deadlineMs: options.syncDeadlineMs });
  const styles = asset('console.css');
  const script = asset('console.js');
  const app = new Hono<ConsoleEnv>();
  app.use('*', consoleHeaders(), bodyLimit({ maxSize: 16 * 1024 }));
  const signedIn = [consoleSession(sessions), csrfProtection()] as const;
  const notFound = (c: Context<ConsoleEnv>) =>
    c.html(documentOf(<ProblemPage title="Not found" message="There is no such page, key or delivery in this account." csrfToken={c.get('session')?.csrfToken} />), 404);
  app.onError((error, c) => {
    const unavailable = error instanceof RetryableError;
    c.get('log')?.[unavailable ? 'warn' : 'error']({ err: error }, 'console page failed');
    const message = unavailable ? 'Kith is briefly unavailable; try again in a moment.' : 'Something went wrong; it has been logged.';
    return c.html(documentOf(<ProblemPage title="Sorry" message={message} />), unavailable ? 503 : 500);
  });

  app.get('/assets/console.css', (c) => c.body(styles, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/assets/console.js', (c) => c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/', (c) => c.redirect('/console/keys', 303));

  app.get('/sign-in', (c) => {
    const token = c.req.query('token');
    return c.html(documentOf(<SignInPage token={isWellFormedConsoleSecret(token) ? token : undefined} />));
  });
  app.post('/sign-in', async (c) => {
    const { token } = await c.req.parseBody();
    const accountId = isWellFormedConsoleSecret(token as string) ? await stores.consoleSessions.redeemLoginToken(hashConsoleSecret(token as string), clock.now()) : undefined;
    if (!accountId) return c.html(documentOf(<SignInPage problem="This login link is not valid: it was used already, has expired, or is mistyped. Ask for a new one." />), 401);
    await startSession(c, sessions, accountId);
    return c.redirect('/console/keys', 303);
  });
  app.post('/sign-out', ...signedIn, async (c) => {
    await endSession(c, sessions);
    return c.redirect('/console/signed-out', 303);
  });
  app.get('/signed-out', (c) => c.html(documentOf(<SignedOutPage />)));

  const notice = (c: Context) => NOTICES[c.req.query('done') ?? ''];

  app.get('/keys', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    return c.html(documentOf(<KeysPage keys={await stores.apiKeys.listForAccount(accountId)} csrfToken={csrfToken} notice={notice(c)} />));
  });
  // The new key is in this answer only (no-store; the page's script turns its address into /console/keys).
  app.post('/keys', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const created = await issueApiKey(stores.apiKeys, accountId);
    return c.html(documentOf(<KeysPage keys={await stores.apiKeys.listForAccount(accountId)} csrfToken={csrfToken} created={created} />), 201);
  });
  const ownKey = async (accountId: string, keyId: string) => (await stores.apiKeys.listForAccount(accountId)).find((key) => key.id === keyId);
  app.get('/keys/:id/revoke', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const key = await ownKey(accountId, c.req.param('id'));
    if (!key) return notFound(c);
    if (key.revokedAt) return c.redirect('/console/keys', 303);
    return c.html(documentOf(<RevokeKeyPage apiKey={key} csrfToken={csrfToken} />));
  });
  app.post('/keys/:id/revoke', ...signedIn, async (c) => {
    const key = await ownKey(c.get('session').accountId, c.req.param('id'));
    if (!key) return notFound(c);
    await stores.apiKeys.revoke(key.id, clock.now());
    return c.redirect('/console/keys?done=revoked', 303);
  });

  /** The range asked for, else the current billing period so far (else the last 30 days). */
  async function usageRange(c: Context<ConsoleEnv>, stats: StatsGetResponse | undefined) {
    const today = todayOf(clock);
    const monthAgo = new Date(clock.now().getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    const fallback = { from: stats?.period.start ?? monthAgo, to: today };
    return chosenRange({ from: c.req.query('from'), to: c.req.query('to') }, fallback);
  }
  app.get('/usage', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const stats = await accountStats(accountId, c.get('requestId'));
    const { range, problem } = await usageRange(c, stats);
    const rows = await options.usage.daily(accountId, range.from, range.to);
    return c.html(
      documentOf(<UsagePage
        csrfToken={csrfToken}
        stats={stats}
        statsProblem={stats ? undefined : 'The plan and quotas are not available right now; reload in a moment.'}
        range={range}
        rangeProblem={problem}
        days={days(range)}
        series={seriesByOperation(rows, range)}
      />),
    );
  });
  app.get('/usage.csv', ...signedIn, async (c) => {
    const { range, problem } = await usageRange(c, undefined);
    if (problem) return c.text(problem, 400);
    const rows = await options.usage.daily(c.get('session').accountId, range.from, range.to);
    return c.body(usageCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="kith-usage-${range.from}-${range.to}.csv"`,
    });
  });

  app.get('/webhooks', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const [secret, deliveries] = await Promise.all([
      stores.webhookSecrets.show(accountId, clock.now()),
      stores.deliveries.list(accountId, { limit: RECENT_DELIVERIES }),
    ]);
    return c.html(documentOf(<WebhooksPage csrfToken={csrfToken} secret={secret} revealed={c.req.query('reveal') === '1'} deliveries={deliveries} notice={notice(c)} />));
  });
  app.post('/webhooks/rotate', ...signedIn, async (c) => {
    await stores.webhookSecrets.rotate(c.get('session').accountId, clock.now(), options.secretOverlapMs);
    return c.redirect('/console/webhooks?done=rotated', 303);
  });
  app.post('/webhooks/deliveries/:id/replay', ...signedIn, async (c) => {
    const delivery = await stores.deliveries.get(c.req.param('id'));
    if (!delivery || delivery.accountId !== c.get('session').accountId) return notFound(c);
    await stores.deliveries.replay(delivery.id, clock.now());
    return c.redirect('/console/webhooks?done=replayed', 303);
  });

  app.get('*', (c) => notFound(c));
  return app;
}
