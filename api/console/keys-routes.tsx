import { Hono } from 'hono';
import type { ApiKeyStore } from '../../adapters/db/port.ts';
import { issueApiKey } from '../api-keys.ts';
import type { ConsoleEnv } from './env.ts';
import { documentOf } from './layout.tsx';
import { KeysPage, RevokeKeyPage } from './pages/keys.tsx';
import { notFoundPage } from './pages/problem.tsx';
import { noticeOf, type SectionOptions } from './section.ts';

const NOTICES = { revoked: 'The key is revoked: requests with it are refused within a second.' };

/** /console/keys: the account's keys; a new one shown once; revocation after confirming. */
export function keysRoutes(options: SectionOptions & { apiKeys: ApiKeyStore }) {
  const { apiKeys, clock, signedIn } = options;
  const app = new Hono<ConsoleEnv>();
  const ownKey = async (accountId: string, keyId: string) => (await apiKeys.listForAccount(accountId)).find((key) => key.id === keyId);

  app.get('/keys', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const notice = noticeOf(NOTICES, c.req.query('done'));
    return c.html(documentOf(<KeysPage keys={await apiKeys.listForAccount(accountId)} csrfToken={csrfToken} notice={notice} />));
  });
  // The new key is in this answer only (no-store; the page's script turns its address into /console/keys).
  app.post('/keys', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const created = await issueApiKey(apiKeys, accountId);
    return c.html(documentOf(<KeysPage keys={await apiKeys.listForAccount(accountId)} csrfToken={csrfToken} created={created} />), 201);
  });
  app.get('/keys/:id/revoke', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const key = await ownKey(accountId, c.req.param('id'));
    if (!key) return notFoundPage(c);
    if (key.revokedAt) return c.redirect('/console/keys', 303);
    return c.html(documentOf(<RevokeKeyPage apiKey={key} csrfToken={csrfToken} />));
  });
  app.post('/keys/:id/revoke', ...signedIn, async (c) => {
    const key = await ownKey(c.get('session').accountId, c.req.param('id'));
    if (!key) return notFoundPage(c);
    await apiKeys.revoke(key.id, clock.now());
    return c.redirect('/console/keys?done=revoked', 303);
  });
  return app;
}
