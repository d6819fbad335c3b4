import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { readOrCreateAdminToken } from './adapters/admin-token.ts';
import { systemClock, type Clock } from './adapters/clock.ts';
import { loadServerConfig, type ServerConfig } from './adapters/config.ts';
import { migrate } from './adapters/db/migrate.ts';
import { createStores, openDatabase, type Stores } from './adapters/db/open.ts';
import { inProcessDispatcher } from './adapters/dispatch/in-process.ts';
import { createLogger, type Logger } from './adapters/logger.ts';
import { issueApiKey } from './api/api-keys.ts';
import { createApp } from './api/app.ts';
import { statsGetHandler } from './workers/stats/stats-get.ts';

export type RunningKith = { url: string; port: number; adminToken: string; stop(): Promise<void> };
export type StartOptions = { log?: Logger; clock?: Clock; announce?: (text: string) => void };

const IDEMPOTENCY_SWEEP_MS = 3_600_000;

/** The first start of an empty embedded database gets a demo account and a key to try it with. */
async function createDemoAccountIfEmpty(stores: Stores, clock: Clock, announce: (text: string) => void) {
  if ((await stores.accounts.list()).length > 0) return;
  const plan = (await stores.plans.findByName('Standard'))!;
  const account = await stores.accounts.create({
    name: 'Demo',
    planId: plan.id,
    identitySharing: false,
    billingAnchor: clock.now().toISOString().slice(0, 10),
  });
  const key = await issueApiKey(stores.apiKeys, account.id);
  announce(
    [
      'Kith created a demo account on first start.',
      `  account id: ${account.id}`,
      `  API key:    ${key.key}`,
      'The key is shown only this once; make more with: kith keys create --account <account id>',
    ].join('\n'),
  );
}

/** The composition root: builds every adapter once and starts the ingress with the workers in-process. */
export async function startKith(config: ServerConfig, options: StartOptions = {}): Promise<RunningKith> {
  const log = options.log ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const announce = options.announce ?? ((text: string) => process.stdout.write(`${text}\n`));

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const stores = createStores(db);
  const adminToken = config.adminToken ?? (await readOrCreateAdminToken(config.dataDir));
  if (config.demo && !config.databaseUrl) await createDemoAccountIfEmpty(stores, clock, announce);

  const dispatcher = inProcessDispatcher({
    'stats.get': statsGetHandler({ accounts: stores.accounts, clock }),
  });
  const app = createApp({
    log,
    clock,
    stores,
    dispatcher,
    adminToken,
    ready: async () => {
      await db.query('SELECT 1');
    },
    limits: {
      maxBodyBytes: config.maxBodyBytes,
      keyCacheMs: config.keyCacheMs,
      idempotencyTtlHours: config.idempotencyTtlHours,
      idempotencyLockSeconds: config.idempotencyLockSeconds,
    },
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  const sweep = setInterval(() => {
    const cutoff = new Date(clock.now().getTime() - config.idempotencyTtlHours * 3_600_000);
    stores.idempotency.sweep(cutoff).catch((error: unknown) => log.warn({ err: error }, 'idempotency sweep failed'));
  }, IDEMPOTENCY_SWEEP_MS);
  sweep.unref();
  log.info({ port, host: config.host, database: config.databaseUrl ? 'postgres' : 'pglite' }, 'kith listening');

  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    port,
    adminToken,
    async stop() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await db.close();
      log.info('kith stopped');
    },
  };
}

/** `npm start`: configuration from the environment, clean stop on SIGTERM and SIGINT. */
export async function runFromEnvironment(): Promise<void> {
  const config = loadServerConfig();
  const log = createLogger(config.logLevel);
  const kith = await startKith(config, { log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    kith.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFromEnvironment().catch((error: unknown) => {
    process.stderr.write(`kith: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
