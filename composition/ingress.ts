import type { Hono } from 'hono';
import { readOrCreateAdminToken } from '../adapters/admin-token.ts';
import type { BlobStore } from '../adapters/blobs/port.ts';
import type { Bus } from '../adapters/bus/port.ts';
import type { Clock } from '../adapters/clock.ts';
import type { ServerConfig } from '../adapters/config.ts';
import type { Stores } from '../adapters/db/port.ts';
import type { SqlClient } from '../adapters/db/sql-client.ts';
import { backlogGate, gatedAdmission, type WatchedQueue } from '../adapters/dispatch/backlog-gate.ts';
import { busDispatcher } from '../adapters/dispatch/over-bus.ts';
import type { Logger } from '../adapters/logger.ts';
import type { HttpMetrics } from '../adapters/metrics/port.ts';
import { coalescedRateLimiter } from '../adapters/rate-limit/coalesced.ts';
import { memoryRateLimiter } from '../adapters/rate-limit/memory.ts';
import { postgresRateLimiter } from '../adapters/rate-limit/postgres.ts';
import type { ReplyInbox } from '../adapters/replies/port.ts';
import type { UsageStore } from '../adapters/usage/port.ts';
import { createAdminApp } from '../api/admin-app.ts';
import { createApp, type AppDeps } from '../api/app.ts';
import type { ApiEnv } from '../api/env.ts';
import { lateReplies } from '../api/answering/late-replies.ts';
import { usageEvents } from '../api/answering/usage-events.ts';
import type { TopicNames, WorkerName } from '../schemas/events/topics.ts';
import { v2Operations } from '../domain/v2-operations.ts';
import { v3Operations } from '../domain/operations.ts';
import { refusedUrl } from '../workers/delivery/safe-http.ts';
import type { WebhookSettings } from './webhook-settings.ts';

const IDEMPOTENCY_SWEEP_MS = 3_600_000;

export type Ingress = {
  app: Hono<ApiEnv>;
  /** The app of the admin listener, when KITH_ADMIN_PORT gives /admin/ one of its own. */
  adminApp: Hono<ApiEnv> | undefined;
  adminToken: string;
  stop(): Promise<void>;
};

export type IngressParts = {
  config: ServerConfig;
  blobs: BlobStore;
  webhooks: WebhookSettings;
  log: Logger;
  clock: Clock;
  db: SqlClient;
  stores: Stores;
  usageStore: UsageStore;
  bus: Bus;
  topics: TopicNames;
  inbox: ReplyInbox;
  httpMetrics: HttpMetrics;
  /** The public listener's address once it listens: where console links made on an admin listener lead. */
  publicListenerUrl: () => string;
};

/** How often the ingress reads how far behind the workers' queues are (docs/decisions.md, "Backpressure"). */
const BACKLOG_READ_MS = 500;

/**
 * The queues new requests join: the requests of each worker that serves operations, and the webhook deliveries
 * (the messages each group has not committed).
 */
function workQueues(bus: Bus, topics: TopicNames, operations: Record<string, { worker: WorkerName }>): WatchedQueue[] {
  const workers = [...new Set(Object.values(operations).map((spec) => spec.worker))];
  const queues = [
    ...workers.map((worker) => ({ topic: topics.requests(worker), groupId: topics.workerGroup(worker) })),
    { topic: topics.deliveries, groupId: topics.deliveryGroup },
  ];
  return queues.map(({ topic, groupId }) => ({ topic, backlog: () => bus.backlog(groupId, topic) }));
}

/** The ingress role: the HTTP app over the bus, with its periodic housekeeping. */
export async function buildIngress(parts: IngressParts): Promise<Ingress> {
  const { config, log, clock, db, stores, bus, topics } = parts;
  const adminToken = config.adminToken ?? (await readOrCreateAdminToken(config.dataDir));
  const operations = { ...v3Operations, ...v2Operations };
  const requestTopics = new Map(Object.entries(operations).map(([name, spec]) => [name, topics.requests(spec.worker)]));
  const route = { topicFor: (operation: string) => requestTopics.get(operation)!, deliveries: topics.deliveries };
  const dispatcher = busDispatcher({ bus, inbox: parts.inbox, clock, topicFor: route.topicFor });
  const gate =
    config.maxBacklog > 0
      ? backlogGate({
          queues: workQueues(bus, topics, operations),
          // Taken off the bus, deliveries go on waiting in the delivery table: counted there, by account.
          accountsBehindOnDeliveries: (limit) => stores.deliveries.accountsAwaitingFirstAttempt(clock.now(), limit),
          limit: config.maxBacklog,
          everyMs: BACKLOG_READ_MS,
          log,
        })
      : undefined;
  const usageRecorder = usageEvents({ bus, topic: topics.usage, clock });
  // A late reply is awaited as long as the claim it keeps would be taken for the claim of a live call.
  const keptLate = lateReplies({ store: stores.idempotency, waitMs: config.idempotencyLockSeconds * 1000, log });
  const deps: AppDeps = {
    log,
    clock,
    stores,
    blobs: parts.blobs,
    dispatcher,
    admission: gate && gatedAdmission(gate, route),
    // Embedded mode is one process: its counters need not be shared, nor PGlite written on every request.
    rateLimiter: config.databaseUrl ? coalescedRateLimiter(postgresRateLimiter(db)) : memoryRateLimiter(),
    usageEvents: usageRecorder,
    lateReplies: keptLate,
    // The embedded process is its database's only writer: it knows which kept replies it holds.
    soleWriter: !config.databaseUrl,
    httpMetrics: parts.httpMetrics,
    trustedProxies: config.trustedProxies,
    refusedWebhookUrl: (url) => refusedUrl(url, parts.webhooks.policy),
    adminToken,
    matchTraining: config.matchTraining,
    usage: parts.usageStore,
    publicUrl: config.publicUrl,
    ready: async () => {
      await db.query('SELECT 1');
    },
    limits: {
      maxBodyBytes: config.maxBodyBytes,
      keyCacheMs: config.keyCacheMs,
      idempotencyTtlHours: config.idempotencyTtlHours,
      idempotencyLockSeconds: config.idempotencyLockSeconds,
      rateLimitWindowSeconds: config.rateLimitWindowSeconds,
      syncDeadlineMs: config.syncDeadlineMs,
      resultTtlSeconds: config.resultTtlSeconds,
      webhookSecretOverlapMs: config.webhooks.secretOverlapHours * 3_600_000,
      consoleSessionMs: config.console.sessionHours * 3_600_000,
      consoleLinkMs: config.console.linkMinutes * 60_000,
    },
  };
  const app = createApp({ ...deps, ownAdminListener: config.adminListener !== undefined });
  const adminApp = config.adminListener && createAdminApp({ ...deps, consoleUrl: () => config.publicUrl ?? parts.publicListenerUrl() });
  const sweep = setInterval(() => {
    const cutoff = new Date(clock.now().getTime() - config.idempotencyTtlHours * 3_600_000);
    stores.idempotency.sweep(cutoff).catch((error: unknown) => log.warn({ err: error }, 'idempotency sweep failed'));
    stores.consoleSessions.sweep(clock.now()).catch((error: unknown) => log.warn({ err: error }, 'console session sweep failed'));
  }, IDEMPOTENCY_SWEEP_MS);
  sweep.unref();
  return {
    app,
    adminApp,
    adminToken,
    async stop() {
      clearInterval(sweep);
      gate?.stop();
      await Promise.all([usageRecorder.drain(), keptLate.drain()]);
    },
  };
}
