import type { ApiEnv } from '../env.ts';

/** A signed-in console request: the session's account and the CSRF token its forms carry. */
export type ConsoleSessionVars = { accountId: string; csrfToken: string; tokenHash: string };

export type ConsoleEnv = { Variables: ApiEnv['Variables'] & { session: ConsoleSessionVars } };
