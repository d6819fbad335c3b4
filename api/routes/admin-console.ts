import { Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type { AccountStore, ConsoleSessionStore } from '../../adapters/db/port.ts';
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

/** The operator hands an account's user a one-time link into the web console. */
export function adminConsoleRoutes(options: AdminConsoleOptions) {
  const app = new Hono<ApiEnv>();
  app.post('/accounts/:id/console-link', async (c) => {
    const id = c.req.param('id');
    const account = z.uuid().safeParse(id).success ? await options.accounts.get(id) : undefined;
    if (!account) throw new ApiError(404, `No account with id ${id}`);
    const link: ConsoleLink = await createLoginLink(
      { store: options.consoleSessions, clock: options.clock, ttlMs: options.linkTtlMs, baseUrl: options.baseUrl() ?? new URL(c.req.url).origin },
      account.id,
    );
    return c.json(link, 201);
  });
  return app;
}
