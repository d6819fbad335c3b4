import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { localBlobStore } from '../../adapters/blobs/local.ts';
import { createStores } from '../../adapters/db/open.ts';
import type { Stores } from '../../adapters/db/port.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { busDispatcher } from '../../adapters/dispatch/over-bus.ts';
import { createLogger } from '../../adapters/logger.ts';
import { memoryRateLimiter } from '../../adapters/rate-limit/memory.ts';
import { inProcessReplies } from '../../adapters/replies/in-process.ts';
import { clickHouseUsageStore } from '../../adapters/usage/clickhouse.ts';
import type { UsageStore } from '../../adapters/usage/port.ts';
import { sqlUsageStore } from '../../adapters/usage/postgres.ts';
import { issueApiKey } from '../../api/api-keys.ts';
import { createApp } from '../../api/app.ts';
import { lateReplies } from '../../api/answering/late-replies.ts';
import { usageEvents } from '../../api/answering/usage-events.ts';
import type { HandlersFor } from '../../adapters/dispatch/port.ts';
import { OPERATION_PAYLOADS } from '../../schemas/events/operation-payloads.ts';
import type { OperationReply, OperationRequestedOf, PayloadSchemas, RequestEvent } from '../../schemas/events/operation-requested.ts';
import { topicNames } from '../../schemas/events/topics.ts';
import { v3Operations } from '../../domain/operations.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import { refusedUrl } from '../../workers/delivery/safe-http.ts';
import { newWebhookSecret } from '../../workers/delivery/sign.ts';
import { startDeliveryWorker } from '../../workers/delivery/delivery-worker.ts';
import { startWorker } from '../../workers/runtime/worker.ts';
import { statsGetHandler } from '../../workers/usage/stats-get.ts';
import { startUsageWriter } from '../../workers/usage/usage-writer.ts';
import { freshPostgresDatabase } from './fresh-database.ts';
import { deleteTopicsUnder } from './kafka-topics.ts';
import { clickhouseUrl, dropClickHouseDatabase, kafkaBrokers } from './services.ts';
import { noopMetrics } from '../../adapters/metrics/noop.ts';

export const PIPELINE_KINDS = ['embedded', 'kafka+clickhouse'] as const;
export type PipelineKind = (typeof PIPELINE_KINDS)[number];

/** Tests receive webhooks on 127.0.0.1, which only this allow-list opens. */
export const WEBHOOK_POLICY = { allowedNetworks: ['127.0.0.1/32'] };

/** An operation of a test's own: its spec, and its handler, which gets the request's body as the spec's schema checked it. */
export type TestOperation = { spec: OperationSpec; handler: (request: RequestEvent) => Promise<OperationReply> };

export type Pipeline = {
  stores: Stores;
  usageStore: UsageStore;
  /** Sends a v3 request through an ingress replica's app in memory (the first unless told). */
  call(operation: string, body: unknown, key: string, replica?: number): Promise<Response>;
  /** A fresh account (on the named plan, Standard by default) and its key. */
  newAccountKey(planName?: string): Promise<{ accountId: string; key: string }>;
  stop(): Promise<void>;
};

/**
 * Kith's pipeline composed by hand around operations of a test's own (a lookup slower than the deadline,
 * a lookup whose outcome the test chooses): ingress app, bus, usage worker with stats.get and the usage
 * writer, usage store, delivery worker (webhooks to 127.0.0.1 allowed), all real; only the test
 * operations' handlers are the test's. `embedded` is PGlite
 * with the embedded bus; `kafka+clickhouse` is PostgreSQL, Kafka and ClickHouse.
 */
export type PipelineSettings = {
  syncDeadlineMs?: number;
  /** Ingress replicas (1 unless told). */
  replicas?: number;
  webhooks?: { scheduleSeconds?: number[]; timeoutMs?: number; perAccount?: number };
};

export async function startPipeline(
  kind: PipelineKind,
  testOperations: Record<string, TestOperation>,
  settings: PipelineSettings = {},
): Promise<Pipeline> {
  const log = createLogger('silent');
  const clock = systemClock;
  const prefix = `p${randomBytes(5).toString('hex')}`;
  const topics = topicNames(prefix);
  let db: SqlClient;
  let bus: Bus;
  let usageStore: UsageStore;
  let cleanUp = async () => {};
  if (kind === 'embedded') {
    db = await createPgliteClient(undefined);
    bus = createEmbeddedBus({ db, log, pollMs: 20, sharedDatabase: false });
    usageStore = sqlUsageStore(db);
  } else {
    // A PostgreSQL database of its own: its delivery worker would otherwise claim other suites' due retries,
    // and theirs its own, each attempting them on its own schedule.
    const database = await freshPostgresDatabase();
    db = createPgClient(database.url, 4);
    bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'pipeline-test', log });
    const usageDatabase = `kith_${prefix}`;
    usageStore = clickHouseUsageStore({ url: clickhouseUrl(), database: usageDatabase, log });
    cleanUp = async () => {
      await dropClickHouseDatabase(usageDatabase);
      await database.drop();
      await deleteTopicsUnder(kafkaBrokers().join(','), prefix);
    };
  }
  await migrate(db);
  await usageStore.prepare();
  const stores = createStores(db, newWebhookSecret);
  await bus.ensureTopics([topics.requests('usage'), topics.usage, topics.deliveries].map((name) => ({ name, partitions: 2 })));
  const replies = inProcessReplies();
  // The usage worker takes stats.get, as Kith's does, and the test's operations with their own request schemas.
  const statsGet = statsGetHandler({ accounts: stores.accounts, usage: usageStore, clock });
  const payloads: PayloadSchemas = {
    'stats.get': OPERATION_PAYLOADS['stats.get'],
    ...Object.fromEntries(Object.entries(testOperations).map(([name, operation]) => [name, operation.spec.request])),
  };
  const handlers: HandlersFor<PayloadSchemas> = {
    'stats.get': (request) => statsGet(request as OperationRequestedOf<'stats.get'>),
    ...Object.fromEntries(Object.entries(testOperations).map(([name, operation]) => [name, operation.handler])),
  };
  const consumers: Consumer[] = [
    await startWorker({ name: 'usage', topics, bus, replies, log, clock, concurrency: 8, payloads, handlers }),
    await startUsageWriter({ bus, store: usageStore, topics, log, maxBatch: 100, maxWaitMs: 100 }),
    await startDeliveryWorker({
      bus,
      topics,
      store: stores.deliveries,
      clock,
      log,
      concurrency: 32,
      perAccount: settings.webhooks?.perAccount ?? 4,
      pollMs: 50,
      keepMs: 86_400_000,
      attempt: {
        secrets: stores.webhookSecrets,
        clock,
        random: Math.random,
        policy: WEBHOOK_POLICY,
        timeoutMs: settings.webhooks?.timeoutMs ?? 2000,
        maxResponseBytes: 64 * 1024,
        scheduleSeconds: settings.webhooks?.scheduleSeconds ?? [1, 1, 1],
      },
    }),
  ];
  const operations = {
    ...v3Operations,
    ...Object.fromEntries(Object.entries(testOperations).map(([name, operation]) => [name, operation.spec])),
  };
  const usageRecorder = usageEvents({ bus, topic: topics.usage, clock });
  const keptLate = lateReplies({ store: stores.idempotency, waitMs: 60_000, log });
  // Each replica an ingress of its own (its own kept-reply knowledge), over the same stores, bus and replies.
  const newApp = () => createApp({
    log,
    clock,
    stores,
    // The pipeline builds no audiences; downloads would find an empty directory.
    blobs: localBlobStore(join(tmpdir(), 'kith-pipeline-blobs')),
    dispatcher: busDispatcher({ bus, inbox: replies, clock, topicFor: () => topics.requests('usage') }),
    rateLimiter: memoryRateLimiter(),
    usageEvents: usageRecorder,
    lateReplies: keptLate,
    // As in Kith's embedded mode, where the one process is its database's only writer.
    soleWriter: kind === 'embedded',
    httpMetrics: noopMetrics().http,
    refusedWebhookUrl: (url) => refusedUrl(url, WEBHOOK_POLICY),
    adminToken: `admin-${randomBytes(16).toString('hex')}`,
    matchTraining: 'manual',
    usage: usageStore,
    publicUrl: undefined,
    ready: async () => {},
    operations,
    limits: {
      maxBodyBytes: 10_000,
      keyCacheMs: 0,
      idempotencyTtlHours: 24,
      idempotencyLockSeconds: 60,
      rateLimitWindowSeconds: 60,
      syncDeadlineMs: settings.syncDeadlineMs ?? 2500,
      resultTtlSeconds: 300,
      webhookSecretOverlapMs: 3_600_000,
      consoleSessionMs: 3_600_000,
      consoleLinkMs: 60_000,
    },
  });
  const apps = Array.from({ length: settings.replicas ?? 1 }, newApp);
  return {
    stores,
    usageStore,
    async call(operation, body, key, replica = 0) {
      return apps[replica]!.request(`/v3/${operation}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    async newAccountKey(planName = 'Standard') {
      const plan = (await stores.plans.findByName(planName))!;
      const account = await stores.accounts.create({
        name: 'pipeline',
        planId: plan.id,
        identitySharing: false,
        billingAnchor: clock.now().toISOString().slice(0, 10),
      });
      return { accountId: account.id, key: (await issueApiKey(stores.apiKeys, account.id)).key };
    },
    async stop() {
      await Promise.all([usageRecorder.drain(), keptLate.drain()]);
      for (const consumer of consumers) await consumer.stop();
      await bus.close();
      await usageStore.close();
      await db.close();
      await cleanUp();
    },
  };
}
