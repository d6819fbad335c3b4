import type { Logger } from '../adapters/logger.ts';

/** Per-request values, typed once for every middleware and route; the answering middleware adds `exchange`. */
export type ApiEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** The address the request came from, as the request-client middleware names it. */
    client: string;
    /** Set by the API-key middleware. */
    accountId: string;
    /** Calls the account's plan allows per rate-limit window; set by the API-key middleware. */
    rateLimit: number;
    /** Set by the JSON body middleware: the parsed body ({} when empty). */
    body: unknown;
    /**
     * Counts `calls` more calls against the rate limit, all or none (a 403 when the window has no room for
     * them now, a 400 when more than the whole window holds); offered by the rate-limit middleware to the
     * operations it does not count alone (batches).
     */
    chargeCalls?: (calls: number) => Promise<void>;
  };
};
