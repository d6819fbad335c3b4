import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Clock } from '../../adapters/clock.ts';
import type { Stores } from '../../adapters/db/port.ts';
import type { Admission, Dispatcher } from '../../adapters/dispatch/port.ts';
import { RetryableError } from '../../adapters/errors.ts';
import type { UsageStore } from '../../adapters/usage/port.ts';
import { csrfProtection } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { consoleHeaders } from './headers.ts';
import { keysRoutes } from './keys-routes.tsx';
import { documentOf } from './layout.tsx';
import { notFoundPage, ProblemPage } from './pages/problem.tsx';
import { graphReviewRoutes } from './graph-review-routes.tsx';
import { graphRoutes } from './graph-routes.tsx';
import { consoleSession, operatorSession } from './session.ts';
import { signInRoutes } from './sign-in-routes.tsx';
import { statsOverDispatcher } from './stats.ts';
import { usageRoutes } from './usage-routes.tsx';
import { webhookRoutes } from './webhook-routes.tsx';

export type ConsoleOptions = {
  stores: Pick<Stores, 'apiKeys' | 'deliveries' | 'webhookSecrets' | 'consoleSessions' | 'persons'>;
  usage: Pick<UsageStore, 'daily'>;
  /** Asks the usage worker for stats.get, waiting up to `syncDeadlineMs`, unless `admission` refuses it. */
  dispatcher: Dispatcher;
  admission: Admission;
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

/** A console form holds a token and a few short fields; 16 KiB is far above any of them. */
const MAX_FORM_BYTES = 16 * 1024;

const formTooLarge = (c: Context<ConsoleEnv>) =>
  c.html(documentOf(<ProblemPage title="Too large" message={`A console form may send at most ${MAX_FORM_BYTES / 1024} KiB.`} />), 413);

const asset = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

/**
 * The web console under /console: sign-in by one-time link, then the account's keys, usage and webhooks, or, for the
 * operator's session, the identity graph explained. Neither session reaches the other's pages.
 */
export function consoleRoutes(options: ConsoleOptions) {
  const { stores, clock } = options;
  const sessions = { store: stores.consoleSessions, clock, sessionMs: options.sessionMs, secureCookies: overHttps(options.publicUrl) };
  const section = { clock, signedIn: [consoleSession(sessions), csrfProtection<ConsoleEnv>()] as const };
  const styles = asset('console.css');
  const script = asset('console.js');
  const app = new Hono<ConsoleEnv>();
  app.use('*', consoleHeaders(), bodyLimit({ maxSize: MAX_FORM_BYTES, onError: formTooLarge }));
  app.onError((error, c) => {
    const unavailable = error instanceof RetryableError;
    c.get('log')?.[unavailable ? 'warn' : 'error']({ err: error }, 'console page failed');
    const message = unavailable ? 'Kith is briefly unavailable; try again in a moment.' : 'Something went wrong; it has been logged.';
    return c.html(documentOf(<ProblemPage title="Sorry" message={message} />), unavailable ? 503 : 500);
  });

  app.get('/assets/console.css', (c) => c.body(styles, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/assets/console.js', (c) => c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/', (c) => c.redirect('/console/keys', 303));
  app.route('/', signInRoutes({ clock, sessions }));
  app.route('/', keysRoutes({ ...section, apiKeys: stores.apiKeys }));
  const stats = statsOverDispatcher({ dispatcher: options.dispatcher, admission: options.admission, clock, deadlineMs: options.syncDeadlineMs });
  app.route('/', usageRoutes({ ...section, usage: options.usage, stats }));
  app.route('/', webhookRoutes({ ...section, ...stores, secretOverlapMs: options.secretOverlapMs }));
  const operatorOnly = operatorSession(sessions);
  app.route('/', graphRoutes({ persons: stores.persons, operatorOnly }));
  app.route('/', graphReviewRoutes({ persons: stores.persons, operatorOnly }));
  app.get('*', notFoundPage);
  return app;
}
