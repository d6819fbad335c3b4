import type { Logger } from '../adapters/logger.ts';
import type { RequestEvent } from '../schemas/events/operation-requested.ts';
import type { UsageCall } from '../domain/usage-calls.ts';

/** Per-request values, typed once for every middleware and route. */
export type ApiEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by the API-key middleware. */
    accountId: string;
    /** Calls the account's plan allows per rate-limit window; set by the API-key middleware. */
    rateLimit: number;
    /** Set by the JSON body middleware: the parsed body ({} when empty). */
    body: unknown;
    /** Set when the answer goes to a webhook: the worker records the request's usage, not the ingress. */
    countedByWorker?: boolean;
    /** What the answer counts as in usage when it is not one call of its operation (a batch's requests). */
    usageCalls?: UsageCall[];
    /**
     * Counts `calls` more calls against the rate limit, all or none (a 403 when the window has no room for
     * them now, a 400 when more than the whole window holds); set by the rate-limit middleware for the operations
     * it does not count alone (batches).
     */
    chargeCalls?: (calls: number) => Promise<void>;
    /** The operation a request is counted as, when its path does not name it (the v2 APIs). */
    operation?: string;
    /** The event this request handed to the bus (set by the operation routes), kept with its Idempotency-Key. */
    handedOver?: RequestEvent;
    /** The event an earlier answer to this request, with the same Idempotency-Key, handed over before failing. */
    handedOverBefore?: RequestEvent;
  };
};
