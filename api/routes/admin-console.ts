import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type { AccountStore, ConsoleHolder, ConsoleSessionStore } from '../../adapters/db/port.ts';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { createLoginLink } from '../console/login-links.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

export type AdminConsoleOptions = {
  accounts: AccountStore;
  consoleSessions: ConsoleSessionStore;
  clock: Clock;
  /** How long a login link may wait for its one use. */
  linkTtlMs: number;
  /**
   * The base address links start with (the public one; the public listener's when this one is the admin
   * listener); undefined: the address this request came to.
   */
  baseUrl: () => string | undefined;
};

/** The operator hands an account's user a one-time link into the web console, or makes one for the operator's own pages. */
export function adminConsoleRoutes(options: AdminConsoleOptions) {
  const app = new Hono<ApiEnv>();
  const link = (c: Context<ApiEnv>, holder: ConsoleHolder): Promise<ConsoleLink> =>
    createLoginLink({ store: options.consoleSessions, clock: options.clock, ttlMs: options.linkTtlMs, baseUrl: options.baseUrl() ?? new URL(c.req.url).origin }, holder);
  app.post('/accounts/:id/console-link', async (c) => {
    const id = c.req.param('id');
    const account = z.uuid().safeParse(id).success ? await options.accounts.get(id) : undefined;
    if (!account) throw new ApiError(404, `No account with id ${id}`);
    return c.json(await link(c, { kind: 'account', accountId: account.id }), 201);
  });
  // The operator's own link: into the operator's pages (Kith's data, docs/decisions.md), never an account's.
  app.post('/console-link', async (c) => c.json(await link(c, { kind: 'operator' }), 201));
  return app;
}
