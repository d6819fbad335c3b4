import { Hono } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { ApiEnv } from '../env.ts';
import { csrfProtection } from './csrf.ts';
import { documentOf, homeOf } from './layout.tsx';
import { SignedOutPage, SignInPage } from './pages/sign-in.tsx';
import { hashConsoleSecret, isWellFormedConsoleSecret } from './secrets.ts';
import { anySession, endSession, startSession, type SessionOptions } from './session.ts';

const INVALID_LINK = 'This login link is not valid: it was used already, has expired, or is mistyped. Ask for a new one.';

/**
 * Sign-in by a one-time link (GET shows a button, POST spends the token and opens a session of whom the link was
 * for, an account's user or the operator, each sent to their own first page), and sign-out.
 */
export function signInRoutes(options: { clock: Clock; sessions: SessionOptions }) {
  const { sessions, clock } = options;
  const app = new Hono<ApiEnv>();

  app.get('/sign-in', (c) => {
    const token = c.req.query('token');
    return c.html(documentOf(<SignInPage token={isWellFormedConsoleSecret(token) ? token : undefined} />));
  });
  app.post('/sign-in', async (c) => {
    const { token } = await c.req.parseBody();
    const holder =
      typeof token === 'string' && isWellFormedConsoleSecret(token)
        ? await sessions.store.redeemLoginToken(hashConsoleSecret(token), clock.now())
        : undefined;
    if (!holder) return c.html(documentOf(<SignInPage problem={INVALID_LINK} />), 401);
    await startSession(c, sessions, holder);
    return c.redirect(homeOf(holder.kind === 'operator'), 303);
  });
  // Whoever holds the session, an account's user or the operator, signs out the same way.
  app.post('/sign-out', anySession(sessions), csrfProtection(), async (c) => {
    await endSession(c, sessions);
    return c.redirect('/console/signed-out', 303);
  });
  app.get('/signed-out', (c) => c.html(documentOf(<SignedOutPage />)));
  return app;
}
