import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../adapters/clock.ts';
import type { BlobStore } from '../adapters/blobs/port.ts';
import type { MatchTraining, Stores } from '../adapters/db/port.ts';
import { admitAll, type Admission, type Dispatcher } from '../adapters/dispatch/port.ts';
import type { Logger } from '../adapters/logger.ts';
import type { HttpMetrics } from '../adapters/metrics/port.ts';
import type { RateLimiter } from '../adapters/rate-limit/port.ts';
import type { UsageStore } from '../adapters/usage/port.ts';
import { v3Operations } from '../domain/operations.ts';
import type { OperationSpec } from '../domain/operations/spec.ts';
import { v2Operations } from '../domain/v2-operations.ts';
import type { TrustedProxies } from '../domain/client-address.ts';
import { listedCalls } from '../schemas/v3/batch.ts';
import { adminApi } from './admin-app.ts';
import { edgeApp } from './edge.ts';
import { keyAuthenticator } from './key-authenticator.ts';
import { apiKeyAuth } from './middleware/api-key-auth.ts';
import { v2KeyAuth } from './middleware/v2-key-auth.ts';
import { answering } from './middleware/answering.ts';
import { jsonBody } from './middleware/json-body.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { openApiRoutes } from './openapi.ts';
import type { ApiEnv } from './env.ts';
import { operationName } from './operation-name.ts';
import { coalescedFinds } from './answering/coalesced-finds.ts';
import type { LateReplies } from './answering/late-replies.ts';
import { knownKeptReplies } from './answering/known-kept-replies.ts';
import type { UsageEvents } from './answering/usage-events.ts';
import { consoleRoutes } from './console/routes.tsx';
import { healthRoutes, type ReadinessCheck } from './routes/health.ts';
import { v2Routes } from './routes/v2.ts';
import { v3Routes } from './routes/v3.ts';
import { recordAudience } from './audience-creation.ts';
import { audienceDownloadRoutes } from './routes/audience-download.ts';

export type AppDeps = {
  log: Logger;
  clock: Clock;
  stores: Stores;
  /** Where audience files are kept. */
  blobs: BlobStore;
  dispatcher: Dispatcher;
  /** Whether a request is taken on now (the backlog gate); every request when not given. */
  admission?: Admission;
  rateLimiter: RateLimiter;
  /** Where the usage of every answered request is published (after the rate limit: refused calls are not usage). */
  usageEvents: UsageEvents;
  /** Where the replies of lookups answered 202 "queued, retry" are awaited and kept for the retry. */
  lateReplies: LateReplies;
  /**
   * True when this process is the database's only writer (the embedded mode): it knows every kept-reply claim
   * without reading other writers' again (./answering/known-kept-replies.ts).
   */
  soleWriter?: boolean;
  /** Counts and times every request by operation and status (GET /metrics is mounted by the composition root). */
  httpMetrics: HttpMetrics;
  /** Daily usage for the console's charts. */
  usage: Pick<UsageStore, 'daily'>;
  ready: ReadinessCheck;
  /** The proxies whose X-Forwarded-For names a request's client (KITH_TRUSTED_PROXIES); none when not given. */
  trustedProxies?: TrustedProxies;
  adminToken: string;
  /** True when /admin/ has a listener of its own (KITH_ADMIN_PORT, ./admin-app.ts): this app leaves it out. */
  ownAdminListener?: boolean;
  /** Whether an import of persons over the admin API trains the match model at its end. */
  matchTraining: MatchTraining;
  /** The public base address (console login links), when configured. */
  publicUrl: string | undefined;
  limits: {
    maxBodyBytes: number;
    keyCacheMs: number;
    idempotencyTtlHours: number;
    idempotencyLockSeconds: number;
    rateLimitWindowSeconds: number;
    syncDeadlineMs: number;
    resultTtlSeconds: number;
    webhookSecretOverlapMs: number;
    consoleSessionMs: number;
    consoleLinkMs: number;
  };
  /** Why a webhook URL is refused, or undefined when deliveries to it may be tried (the SSRF guard). */
  refusedWebhookUrl(url: string): string | undefined;
  /** The v3 operations served; schemas/v3's registry unless a test adds its own. */
  operations?: Readonly<Record<string, OperationSpec>>;
};

/** How often a lookup waiting for an earlier call's kept reply looks again. */
const KEPT_REPLY_POLL_MS = 50;

/**
 * How old the kept-reply claims of the other ingress replicas may be when a lookup relies on them: at most a read a
 * half-second per replica under load, none when idle; a retry within it of another replica's 202 may be worked again.
 */
const OTHER_REPLICAS_CLAIMS_READ_MS = 500;

/** How far each read of the claims goes back before the last one: for a replica whose clock is behind. */
const CLAIMS_CLOCK_SKEW_MS = 5_000;

/** Downloading an already-built audience file is not counted: clients retry that GET. */
const RATE_LIMIT_EXEMPT: ReadonlySet<string> = new Set(['audience.download']);

/**
 * The calls a batch operation's request lists, from its body as the JSON body middleware reads it (413, 415 and
 * malformed bodies list none); undefined for every other operation.
 */
function batchCallsOf(operations: Readonly<Record<string, OperationSpec>>, body: MiddlewareHandler<ApiEnv>) {
  return async (c: Context<ApiEnv>): Promise<number | undefined> => {
    if (!operations[operationName(c.req.path)]?.batchOf) return undefined;
    try {
      await body(c, async () => {});
    } catch {
      return undefined;
    }
    return listedCalls(c.get('body'));
  };
}

/** The ingress: every route, middleware and error mapping, built once from explicit dependencies. */
export function createApp(deps: AppDeps) {
  const { stores, clock, limits } = deps;
  const admission = deps.admission ?? admitAll;
  const app = edgeApp(deps);

  const body = jsonBody({ maxBytes: limits.maxBodyBytes });
  const authenticator = keyAuthenticator({ keys: stores.apiKeys, clock, cacheMs: limits.keyCacheMs });
  const limit = rateLimit({
    limiter: deps.rateLimiter,
    clock,
    windowSeconds: limits.rateLimitWindowSeconds,
    exempt: RATE_LIMIT_EXEMPT,
    batchCalls: batchCallsOf(deps.operations ?? v3Operations, body),
  });
  const keptReplies = { keepMs: limits.resultTtlSeconds * 1000, abandonedAfterMs: limits.idempotencyLockSeconds * 1000 };
  const answer = answering({
    store: knownKeptReplies(coalescedFinds(stores.idempotency), {
      keepMs: keptReplies.keepMs,
      clock,
      readAgainAfterMs: deps.soleWriter ? Infinity : OTHER_REPLICAS_CLAIMS_READ_MS,
      overlapMs: CLAIMS_CLOCK_SKEW_MS,
    }),
    dispatcher: deps.dispatcher,
    admission,
    usage: deps.usageEvents,
    clock,
    operations: { ...v2Operations, ...(deps.operations ?? v3Operations) },
    idempotencyKeys: { keepMs: limits.idempotencyTtlHours * 3_600_000, abandonedAfterMs: limits.idempotencyLockSeconds * 1000 },
    keptReplies,
    lateReplies: deps.lateReplies,
    pollMs: KEPT_REPLY_POLL_MS,
  });
  app.use('/v3/*', apiKeyAuth({ authenticator }), limit, answer);
  /** What the ingress records, per operation that `creates` something, before its worker makes it. */
  const creations: Record<string, (accountId: string, id: string, body: unknown) => Promise<void>> = {
    'audience.create': recordAudience(stores.audiences),
  };
  const operationAnswers = {
    clock,
    syncDeadlineMs: limits.syncDeadlineMs,
    refusedWebhookUrl: deps.refusedWebhookUrl,
    recordCreated: (operation: string, accountId: string, id: string, body: unknown) => {
      const record = creations[operation];
      if (!record) throw new Error(`nothing records what ${operation} creates`);
      return record(accountId, id, body);
    },
  };
  app.route('/v3', audienceDownloadRoutes({ audiences: stores.audiences, blobs: deps.blobs }));
  app.route(
    '/v3',
    v3Routes({
      ...operationAnswers,
      operations: deps.operations,
      edge: [body],
    }),
  );

  // The legacy v2 GET APIs: the same keys, rate limit and usage as v3 (a v3 key works there).
  app.use('/v2/*', v2KeyAuth({ authenticator }), limit, answer);
  app.route('/v2', v2Routes(operationAnswers));

  if (!deps.ownAdminListener) app.route('/admin', adminApi({ ...deps, consoleUrl: () => deps.publicUrl }, body));
  const { dispatcher, usage, publicUrl } = deps;
  const consoleLimits = { syncDeadlineMs: limits.syncDeadlineMs, sessionMs: limits.consoleSessionMs, secretOverlapMs: limits.webhookSecretOverlapMs };
  app.route('/console', consoleRoutes({ stores, usage, dispatcher, admission, clock, publicUrl, ...consoleLimits }));
  app.route('/', healthRoutes({ ready: deps.ready }));
  app.route('/', openApiRoutes());
  return app;
}
