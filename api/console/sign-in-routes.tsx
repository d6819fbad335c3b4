import { Hono } from 'hono';
import type { ConsoleEnv } from './env.ts';
import { documentOf } from './layout.tsx';
import { SignedOutPage, SignInPage } from './pages/sign-in.tsx';
import { hashConsoleSecret, isWellFormedConsoleSecret } from './secrets.ts';
import type { SectionOptions } from './section.ts';
import { endSession, startSession, type SessionOptions } from './session.ts';

const INVALID_LINK = 'This login link is not valid: it was used already, has expired, or is mistyped. Ask for a new one.';

/** Sign-in by a one-time link (GET shows a button, POST spends the token and opens a session), and sign-out. */
export function signInRoutes(options: SectionOptions & { sessions: SessionOptions }) {
  const { sessions, clock, signedIn } = options;
  const app = new Hono<ConsoleEnv>();

  app.get('/sign-in', (c) => {
    const token = c.req.query('token');
    return c.html(documentOf(<SignInPage token={isWellFormedConsoleSecret(token) ? token : undefined} />));
  });
  app.post('/sign-in', async (c) => {
    const { token } = await c.req.parseBody();
    const accountId =
      typeof token === 'string' && isWellFormedConsoleSecret(token)
        ? await sessions.store.redeemLoginToken(hashConsoleSecret(token), clock.now())
        : undefined;
    if (!accountId) return c.html(documentOf(<SignInPage problem={INVALID_LINK} />), 401);
    await startSession(c, sessions, accountId);
    return c.redirect('/console/keys', 303);
  });
  app.post('/sign-out', ...signedIn, async (c) => {
    await endSession(c, sessions);
    return c.redirect('/console/signed-out', 303);
  });
  app.get('/signed-out', (c) => c.html(documentOf(<SignedOutPage />)));
  return app;
}
