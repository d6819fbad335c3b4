import { join } from 'node:path';
import { z } from 'zod';
import type { TrustedProxies } from '../domain/client-address.ts';
import { parseNetwork } from '../domain/networks.ts';
import type { MatchTraining } from './db/port.ts';
import { localUrl } from './local-url.ts';

/**
 * The one place that reads process.env. Every variable is documented in the README's configuration table;
 * a bad value stops start-up with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Comma-separated networks (domain/networks.ts): the first that is not one is refused, by name. */
const networkList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    try {
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(parseNetwork);
    } catch (error) {
      ctx.issues.push({ code: 'custom', message: (error as Error).message, input: value });
      return z.NEVER;
    }
  });

/** Where a listener of its own is bound unless its host is given: this machine only. */
const LOOPBACK = '127.0.0.1';

const ServerEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  KITH_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  KITH_ADMIN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  KITH_ADMIN_HOST: z.string().min(1).optional(),
  KITH_TRUSTED_PROXIES: networkList,
  HOST: z.string().min(1).default('127.0.0.1'),
  KITH_DATA_DIR: z.string().min(1).default('./.kith'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  KITH_ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  KITH_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  KITH_KEY_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  KITH_IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  KITH_IDEMPOTENCY_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  KITH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  KITH_DEMO: booleanFlag.default(true),
  KITH_MATCH_TRAINING: z.enum(['after-import', 'manual']).default('after-import'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^\s,]+:\d+(,[^\s,]+:\d+)*$/, 'must be host:port[,host:port...]')
    .optional(),
  KITH_ROLES: z
    .string()
    .regex(/^(all|ingress|worker:[a-z]+)(,(all|ingress|worker:[a-z]+))*$/, 'must be all, ingress or worker:<name>, comma-separated')
    .default('all'),
  KITH_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
    .optional(),
  CLICKHOUSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  KITH_CLICKHOUSE_DATABASE: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'letters, digits and _').default('kith'),
  KITH_USAGE_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(10_000),
  KITH_USAGE_BATCH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  KITH_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  KITH_WEBHOOK_SCHEDULE: z.string().default('5,300,1800,7200,18000,36000,50400,72000,86400'),
  KITH_WEBHOOK_ALLOWED_NETWORKS: z.string().default(''),
  KITH_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  KITH_WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  KITH_WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  KITH_WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
  KITH_SYNC_DEADLINE_MS: z.coerce.number().int().min(50).max(2900).default(2500),
  KITH_MAX_BACKLOG: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  KITH_RESULT_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  KITH_TOPIC_PREFIX: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'lower-case letters, digits and -').default('kith'),
  KITH_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(256).default(8),
  KITH_REQUEST_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  KITH_DELIVERY_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  KITH_REPLY_RETENTION_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  KITH_DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** DNS servers for email verification's MX lookups (`1.1.1.1`, `127.0.0.1:5353`); the system's when empty. */
  KITH_DNS_SERVERS: z.string().default(''),
  KITH_DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(2000).default(1000),
  KITH_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  KITH_BLOB_DIR: z.string().min(1).optional(),
  KITH_CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(8),
  KITH_CONSOLE_LINK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  KITH_TAG_MIN_AGE_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  KITH_IDLE_TRIM_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = {
  port: number;
  /** Where GET /metrics is served instead of `port`, so that it can be kept off the public network; unset: `port`. */
  metricsPort: number | undefined;
  /** Where /admin/ is served instead of `port`, on a listener of its own kept off the public network; unset: `port`. */
  adminListener: { port: number; host: string } | undefined;
  /** The proxies whose X-Forwarded-For names a request's client (the admin token's throttle, the logs). */
  trustedProxies: TrustedProxies;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminToken: string | undefined;
  maxBodyBytes: number;
  keyCacheMs: number;
  idempotencyTtlHours: number;
  idempotencyLockSeconds: number;
  rateLimitWindowSeconds: number;
  demo: boolean;
  /** Whether an import of persons trains the match model at its end, or only `kith matching train` does. */
  matchTraining: MatchTraining;
  kafkaBrokers: string[] | undefined;
  roles: string[];
  instanceId: string | undefined;
  clickhouseUrl: string | undefined;
  clickhouseDatabase: string;
  usageBatchRows: number;
  usageBatchMs: number;
  webhooks: {
    timeoutMs: number;
    /** Checked when the delivery code reads it (composition/webhook-settings.ts). */
    schedule: string;
    allowedNetworks: string[];
    concurrency: number;
    perAccount: number;
    logDays: number;
    secretOverlapHours: number;
  };
  syncDeadlineMs: number;
  /** Messages a worker's queue may have unworked before the ingress refuses new work for it (0: never refuses). */
  maxBacklog: number;
  resultTtlSeconds: number;
  topicPrefix: string;
  topicPartitions: number;
  requestRetentionHours: number;
  deliveryRetentionHours: number;
  replyRetentionMs: number;
  dbPoolSize: number;
  dns: { servers: string[]; timeoutMs: number };
  /** The base of addresses Kith hands out (audience downloads); unset: this process's own address. */
  publicUrl: string | undefined;
  /** Where audience files are kept: every process serving or building them must see it. */
  blobDir: string;
  tagMinAgeHours: number;
  /** How often the process looks whether it has gone idle, to hand freed memory back to the system (0: never). */
  idleTrimSeconds: number;
  /** The web console: how long a session lasts, how long a login link waits for its one use. */
  console: { sessionHours: number; linkMinutes: number };
  logLevel: z.infer<typeof ServerEnv>['LOG_LEVEL'];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value === '' ? undefined : value]),
  );
  const parsed = schema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = parseEnv(ServerEnv, env);
  // A host for a listener that is not there would leave the operator believing /admin/ is off the public port.
  if (e.KITH_ADMIN_HOST !== undefined && e.KITH_ADMIN_PORT === undefined) {
    throw new ConfigError('Invalid configuration: KITH_ADMIN_HOST: takes effect only with KITH_ADMIN_PORT; set both, or neither');
  }
  return {
    port: e.PORT,
    metricsPort: e.KITH_METRICS_PORT,
    adminListener: e.KITH_ADMIN_PORT === undefined ? undefined : { port: e.KITH_ADMIN_PORT, host: e.KITH_ADMIN_HOST ?? LOOPBACK },
    trustedProxies: e.KITH_TRUSTED_PROXIES,
    host: e.HOST,
    dataDir: e.KITH_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminToken: e.KITH_ADMIN_TOKEN,
    maxBodyBytes: e.KITH_MAX_BODY_BYTES,
    keyCacheMs: e.KITH_KEY_CACHE_MS,
    idempotencyTtlHours: e.KITH_IDEMPOTENCY_TTL_HOURS,
    idempotencyLockSeconds: e.KITH_IDEMPOTENCY_LOCK_SECONDS,
    rateLimitWindowSeconds: e.KITH_RATE_LIMIT_WINDOW_SECONDS,
    demo: e.KITH_DEMO,
    matchTraining: e.KITH_MATCH_TRAINING,
    kafkaBrokers: e.KAFKA_BROKERS?.split(','),
    roles: e.KITH_ROLES.split(','),
    instanceId: e.KITH_INSTANCE_ID,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseDatabase: e.KITH_CLICKHOUSE_DATABASE,
    usageBatchRows: e.KITH_USAGE_BATCH_ROWS,
    usageBatchMs: e.KITH_USAGE_BATCH_MS,
    webhooks: {
      timeoutMs: e.KITH_WEBHOOK_TIMEOUT_MS,
      schedule: e.KITH_WEBHOOK_SCHEDULE,
      allowedNetworks: e.KITH_WEBHOOK_ALLOWED_NETWORKS.split(',').map((network) => network.trim()).filter(Boolean),
      concurrency: e.KITH_WEBHOOK_CONCURRENCY,
      perAccount: e.KITH_WEBHOOK_ACCOUNT_CONCURRENCY,
      logDays: e.KITH_WEBHOOK_LOG_DAYS,
      secretOverlapHours: e.KITH_WEBHOOK_SECRET_OVERLAP_HOURS,
    },
    syncDeadlineMs: e.KITH_SYNC_DEADLINE_MS,
    maxBacklog: e.KITH_MAX_BACKLOG,
    resultTtlSeconds: e.KITH_RESULT_TTL_SECONDS,
    topicPrefix: e.KITH_TOPIC_PREFIX,
    topicPartitions: e.KITH_TOPIC_PARTITIONS,
    requestRetentionHours: e.KITH_REQUEST_RETENTION_HOURS,
    deliveryRetentionHours: e.KITH_DELIVERY_RETENTION_HOURS,
    replyRetentionMs: e.KITH_REPLY_RETENTION_MS,
    dbPoolSize: e.KITH_DB_POOL_SIZE,
    dns: { servers: e.KITH_DNS_SERVERS.split(',').map((server) => server.trim()).filter(Boolean), timeoutMs: e.KITH_DNS_TIMEOUT_MS },
    publicUrl: e.KITH_PUBLIC_URL?.replace(/\/+$/, ''),
    console: { sessionHours: e.KITH_CONSOLE_SESSION_HOURS, linkMinutes: e.KITH_CONSOLE_LINK_MINUTES },
    blobDir: e.KITH_BLOB_DIR ?? join(e.KITH_DATA_DIR, 'blobs'),
    tagMinAgeHours: e.KITH_TAG_MIN_AGE_HOURS,
    idleTrimSeconds: e.KITH_IDLE_TRIM_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}

/** The process environment, with values given on the command line (`kith serve --role`) taking precedence. */
export function serverConfigFromEnvironment(overrides: Record<string, string> = {}): ServerConfig {
  return loadServerConfig({ ...process.env, ...overrides });
}

const CliEnv = z.object({
  KITH_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  // The server's own variables: the environment that starts Kith tells the CLI where its admin listener is.
  KITH_ADMIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  KITH_ADMIN_HOST: z.string().min(1).default(LOOPBACK),
  KITH_ADMIN_TOKEN: z.string().min(1).optional(),
  KITH_DATA_DIR: z.string().min(1).default('./.kith'),
  KITH_API_KEY: z.string().min(1).optional(),
});

export type CliConfig = {
  url: string;
  /** Where the admin API answers: KITH_URL, or the admin listener's address when KITH_ADMIN_PORT is set. */
  adminUrl: string;
  /** The variable `adminUrl` comes from, for messages. */
  adminUrlFrom: 'KITH_URL' | 'KITH_ADMIN_PORT';
  adminToken: string | undefined;
  dataDir: string;
  apiKey: string | undefined;
};

export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const e = parseEnv(CliEnv, env);
  const url = e.KITH_URL.replace(/\/+$/, '');
  const admin =
    e.KITH_ADMIN_PORT === undefined
      ? { adminUrl: url, adminUrlFrom: 'KITH_URL' as const }
      : { adminUrl: localUrl(e.KITH_ADMIN_HOST, e.KITH_ADMIN_PORT), adminUrlFrom: 'KITH_ADMIN_PORT' as const };
  return {
    url,
    ...admin,
    adminToken: e.KITH_ADMIN_TOKEN,
    dataDir: e.KITH_DATA_DIR,
    apiKey: e.KITH_API_KEY,
  };
}
