import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { meteredBus } from './adapters/bus/metered.ts';
import { openBus } from './adapters/bus/open.ts';
import { systemClock, type Clock } from './adapters/clock.ts';
import { ConfigError, serverConfigFromEnvironment, type ServerConfig } from './adapters/config.ts';
import { migrate } from './adapters/db/migrate.ts';
import { meteredSql } from './adapters/db/metered.ts';
import { createStores, openDatabase } from './adapters/db/open.ts';
import type { ClusterSeed } from './adapters/db/pglite-cluster.ts';
import { sharedSecret } from './adapters/db/secrets.ts';
import { localBlobStore } from './adapters/blobs/local.ts';
import { partnerLabeller, personIdCodec } from './adapters/identity/person-ids.ts';
import { localUrl } from './adapters/local-url.ts';
import { createLogger, type Logger } from './adapters/logger.ts';
import { trimWhenIdle } from './adapters/memory/idle-trim.ts';
import { nativeHeapTrim } from './adapters/memory/native-heap.ts';
import { inProcessReplies } from './adapters/replies/in-process.ts';
import { busReplyInbox, busReplySender } from './adapters/replies/over-bus.ts';
import type { ReplyInbox, ReplySender } from './adapters/replies/port.ts';
import { openUsageStore } from './adapters/usage/open.ts';
import type { ApiEnv } from './api/env.ts';
import { httpMetrics } from './api/middleware/http-metrics.ts';
import { healthRoutes } from './api/routes/health.ts';
import { metricsRoutes } from './api/routes/metrics.ts';
import type { FirstStartOptions } from './composition/first-start.ts';
import { buildIngress, type Ingress } from './composition/ingress.ts';
import { close, listen, probePort, type PortVariable } from './composition/listen.ts';
import { metricsOnlyApp, processMetrics, topicLabel } from './composition/metrics.ts';
import { stopWithNpm } from './composition/npm-parent.ts';
import { makePrivate } from './composition/private-dirs.ts';
import { webhookSettings } from './composition/webhook-settings.ts';
import { startWorkerRole } from './composition/workers.ts';
import { newWebhookSecret } from './workers/delivery/sign.ts';
import { topicNames, WORKER_NAMES, type WorkerName } from './schemas/events/topics.ts';
import { v3Operations } from './domain/operations.ts';

export type RunningKith = {
  url: string;
  port: number;
  /** Where GET /metrics answers: `url`, or the address of KITH_METRICS_PORT's listener. */
  metricsUrl: string;
  /** Where /admin/ answers: `url`, or the address of KITH_ADMIN_PORT's listener. */
  adminUrl: string;
  adminToken: string;
  instanceId: string;
  stop(): Promise<void>;
};
export type StartOptions = { log?: Logger; clock?: Clock; announce?: (text: string) => void };

type Roles = { ingress: boolean; workers: WorkerName[] };

/** `all`, `ingress` and `worker:<name>` as a set of things this process runs. */
function parseRoles(roles: string[], distributed: boolean): Roles {
  const all = roles.includes('all');
  const workers = new Set<WorkerName>(all ? WORKER_NAMES : []);
  for (const role of roles.filter((name) => name.startsWith('worker:'))) {
    const name = role.slice('worker:'.length) as WorkerName;
    if (!WORKER_NAMES.includes(name)) throw new ConfigError(`KITH_ROLES: no worker named ${name} (${WORKER_NAMES.join(', ')})`);
    workers.add(name);
  }
  if (!all && !distributed) throw new ConfigError('KITH_ROLES: separate roles need KAFKA_BROKERS; embedded runs all');
  return { ingress: all || roles.includes('ingress'), workers: [...workers] };
}

/**
 * The composition root: builds every adapter once and starts the roles asked for — the ingress, workers,
 * or all of them in one process (embedded mode, and `kith serve` by default).
 */
export async function startKith(config: ServerConfig, options: StartOptions = {}): Promise<RunningKith> {
  const log = options.log ?? createLogger(config.logLevel);
  /** What a start that fails half-way has started: closed again, last first, so that a caller in the same process can go on. */
  const started: (() => Promise<void>)[] = [];
  try {
    const roles = parseRoles(config.roles, config.kafkaBrokers !== undefined);
    // A port in use is found before the database opens and the demo account is made, not after.
    await probePort(config.port, config.host, 'PORT');
    if (config.metricsPort !== undefined) await probePort(config.metricsPort, config.host, 'KITH_METRICS_PORT');
    // /admin/ is the ingress's: a worker process has no admin listener, whatever its environment says.
    const admin = roles.ingress ? config.adminListener : undefined;
    if (admin) await probePort(admin.port, admin.host, 'KITH_ADMIN_PORT');
    await makePrivate(config, log);
    return await startParts(config, { ...options, log, roles }, started);
  } catch (error) {
    for (const stop of started.reverse()) {
      await stop().catch((failure: unknown) => log.warn({ err: failure }, 'closing after a failed start'));
    }
    throw error;
  }
}

/** Every adapter and role of `startKith`, each pushed onto `started` as it comes up. */
async function startParts(
  config: ServerConfig,
  options: StartOptions & { log: Logger; roles: Roles },
  started: (() => Promise<void>)[],
): Promise<RunningKith> {
  const { log, roles } = options;
  const clock = options.clock ?? systemClock;
  const announce = options.announce ?? ((text: string) => process.stdout.write(`${text}\n`));
  const distributed = config.kafkaBrokers !== undefined;
  const webhooks = webhookSettings(config);
  const instanceId = config.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

  const topics = topicNames(config.topicPrefix);
  // The lag is read from the bus, which is built below, metered by these metrics: only at scrape time.
  const metrics = processMetrics({ workers: roles.workers, topics, backlog: (groupId, topic) => bus.backlog(groupId, topic), log });
  // A new embedded database is migrated and gets the demo in the child that makes it (composition/first-start.ts).
  const seedNewCluster: ClusterSeed = {
    module: new URL('./composition/first-start.ts', import.meta.url).href,
    options: { demo: config.demo, train: config.matchTraining === 'after-import' } satisfies FirstStartOptions,
    output: announce,
  };
  const db = meteredSql(await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, seedNewCluster }), metrics.sql);
  started.push(() => db.close());
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const stores = createStores(db, newWebhookSecret);
  const bus = meteredBus(await openBus({ kafkaBrokers: config.kafkaBrokers, clientId: `kith-${instanceId}`, db, sharedDatabase: Boolean(config.databaseUrl), log }), {
    metrics: metrics.bus,
    topicLabel: topicLabel(topics),
  });
  started.push(() => bus.close());
  const requestRetentionMs = config.requestRetentionHours * 3_600_000;
  await bus.ensureTopics([
    ...[...new Set(Object.values(v3Operations).map((spec) => topics.requests(spec.worker))), topics.usage].map((name) => ({
      name,
      partitions: config.topicPartitions,
      retentionMs: requestRetentionMs,
    })),
    // The graph's changes carry ids only: kept as long as the requests.
    { name: topics.graphChanges, partitions: config.topicPartitions, retentionMs: requestRetentionMs },
    // Delivery events carry person data: kept only until the delivery worker has surely stored them.
    { name: topics.deliveries, partitions: config.topicPartitions, retentionMs: config.deliveryRetentionHours * 3_600_000 },
  ]);

  const usageStore = await openUsageStore({
    clickhouseUrl: config.clickhouseUrl,
    clickhouseDatabase: config.clickhouseDatabase,
    db,
    log,
  });
  started.push(() => usageStore.close());

  const local = distributed ? undefined : inProcessReplies();
  const replies: ReplySender = local ?? busReplySender(bus);
  const idSecret = await sharedSecret(db, 'person-ids');
  const blobs = localBlobStore(config.blobDir);
  let ownUrl = `http://127.0.0.1:${config.port}`;
  const workerParts = {
    config,
    webhooks,
    log,
    clock,
    stores,
    usageStore,
    bus,
    topics,
    replies,
    blobs,
    personIds: personIdCodec(idSecret),
    partnerLabel: partnerLabeller(idSecret),
    publicUrl: () => config.publicUrl ?? ownUrl,
    metrics,
  };
  const consumers = (await Promise.all(roles.workers.map((name) => startWorkerRole(name, workerParts)))).flat();
  started.push(async () => void (await Promise.all(consumers.map((consumer) => consumer.stop()))));

  let ingress: Ingress | undefined;
  let inbox: ReplyInbox | undefined;
  if (roles.ingress) {
    inbox = local ?? (await busReplyInbox({ bus, topics, instanceId, retentionMs: config.replyRetentionMs, log }));
    started.push(() => inbox!.close());
    ingress = await buildIngress({
      config,
      webhooks,
      log,
      clock,
      db,
      stores,
      usageStore,
      blobs,
      bus,
      topics,
      inbox,
      httpMetrics: metrics.http,
      publicListenerUrl: () => ownUrl,
    });
    started.push(() => ingress!.stop());
  }
  const app =
    ingress?.app ??
    new Hono<ApiEnv>()
      .use('*', httpMetrics({ metrics: metrics.http }))
      .route('/', healthRoutes({ ready: async () => void (await db.query('SELECT 1')) }));
  if (config.metricsPort === undefined) app.route('/', metricsRoutes(metrics));
  const server = await listen(app, config.port, config.host, 'PORT');
  started.push(() => close(server));
  const port = (server.address() as AddressInfo).port;
  const url = localUrl(config.host, port);
  ownUrl = url;
  /** A listener of its own, off the public port; closed again when what follows fails. */
  const listenApart = async (apart: Hono<ApiEnv>, at: { port: number; host: string }, variable: PortVariable) => {
    const listening = await listen(apart, at.port, at.host, variable);
    started.push(() => close(listening));
    const boundPort = (listening.address() as AddressInfo).port;
    return { server: listening, port: boundPort, host: at.host, url: localUrl(at.host, boundPort) };
  };
  const metricsAt = config.metricsPort === undefined ? undefined : { port: config.metricsPort, host: config.host };
  const metricsApart = metricsAt && (await listenApart(metricsOnlyApp(metrics), metricsAt, 'KITH_METRICS_PORT'));
  const adminApp = ingress?.adminApp;
  const adminApart = adminApp && config.adminListener && (await listenApart(adminApp, config.adminListener, 'KITH_ADMIN_PORT'));
  log.info(
    {
      port,
      pid: process.pid,
      ...(metricsApart && { metricsPort: metricsApart.port }),
      ...(adminApart && { adminPort: adminApart.port, adminHost: adminApart.host }),
      host: config.host,
      instanceId,
      roles: config.roles,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      bus: distributed ? 'kafka' : 'embedded',
    },
    'kith listening',
  );

  return {
    url,
    port,
    metricsUrl: metricsApart?.url ?? url,
    adminUrl: adminApart?.url ?? url,
    instanceId,
    adminToken: ingress?.adminToken ?? '',
    async stop() {
      await Promise.all([server, metricsApart?.server, adminApart?.server].map((listening) => listening && close(listening)));
      await ingress?.stop();
      await inbox?.close();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await bus.close();
      await usageStore.close();
      await db.close();
      log.info('kith stopped');
    },
  };
}

/**
 * `npm start` and `kith serve`: configuration from the environment, files owner-only whatever the umask, clean
 * stop on SIGTERM and SIGINT, and, under npm, when npm itself is gone; freed memory handed back whenever the
 * process goes idle.
 */
export async function runFromEnvironment(overrides: Record<string, string> = {}): Promise<void> {
  const config = serverConfigFromEnvironment(overrides);
  const log = createLogger(config.logLevel);
  process.umask(0o077);
  let kith: RunningKith | undefined;
  let stopping = false;
  const stopNow = (running: RunningKith) =>
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    // During start-up: once it is done (the database is not left half-written), or its failure exits.
    if (kith) void stopNow(kith);
  };
  // Listened to before start-up, not after: until then a SIGTERM would kill the process outright.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  stopWithNpm(log, () => stop('parent gone'));
  kith = await startKith(config, { log });
  if (stopping) void stopNow(kith);
  const trim = config.idleTrimSeconds > 0 ? await nativeHeapTrim() : undefined;
  if (trim) trimWhenIdle(trim, config.idleTrimSeconds * 1000, log);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFromEnvironment().catch((error: unknown) => {
    process.stderr.write(`kith: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
