import type { ApiEnv } from '../env.ts';

/** What every signed-in console request knows of its session: the CSRF token its forms carry, and the session's hash. */
export type SignedInVars = { csrfToken: string; tokenHash: string };
/** A signed-in console request of an account's user: the session's account too. */
export type ConsoleSessionVars = SignedInVars & { accountId: string };
/** A signed-in console request of the operator: no account at all. */
export type OperatorSessionVars = SignedInVars & { operator: true };

export type ConsoleEnv = { Variables: ApiEnv['Variables'] & { session: ConsoleSessionVars } };
export type OperatorEnv = { Variables: ApiEnv['Variables'] & { session: OperatorSessionVars } };
/** Any signed-in request, whoever holds its session: what signing out and the CSRF check need. */
export type SignedInEnv = { Variables: ApiEnv['Variables'] & { session: SignedInVars } };
