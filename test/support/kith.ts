import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Clock } from '../../adapters/clock.ts';
import { loadServerConfig } from '../../adapters/config.ts';
import { createLogger } from '../../adapters/logger.ts';
import { startKith } from '../../main.ts';
import { WORKER_NAMES, type WorkerName } from '../../schemas/events/topics.ts';
import { KithClient } from './client.ts';
import { deleteTopicsUnder } from './kafka-topics.ts';
import { databaseUrl, type Mode } from './modes.ts';
import { startKithProcess } from './processes.ts';
import { clickhouseUrl, kafkaBrokers } from './services.ts';
import { waitFor } from './wait-for.ts';

export type TestKith = {
  mode: Mode;
  url: string;
  /** Where /admin/ answers: `url` unless KITH_ADMIN_PORT gives it a listener of its own. */
  adminUrl: string;
  adminToken: string;
  client: KithClient;
  /** Every log line written so far by every process, parsed. */
  logs(): Record<string, unknown>[];
  stop(): Promise<void>;
};

const parseLines = (lines: string[]) =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

/** How the distributed harness groups the workers into processes: every worker exactly once. */
const WORKER_PROCESSES: WorkerName[][] = [
  ['usage', 'delivery'],
  WORKER_NAMES.filter((worker) => worker !== 'usage' && worker !== 'delivery'),
];

/**
 * Suites share one PostgreSQL: a match model trained on one suite's persons would change the weights every
 * other suite's answers come from. A suite that tests training asks for it (KITH_MATCH_TRAINING=after-import).
 */
const TEST_MATCH_TRAINING = 'manual';

/** Lines of a Kith's log shown when it fails to start, to tell why from a CI log alone. */
const STARTUP_LOG_LINES_SHOWN = 30;

/** A Kith on 127.0.0.1:<free port> in this process, with its own data directory and captured logs. */
async function startInProcess(mode: 'embedded' | 'postgres', env: Record<string, string>, clock?: Clock): Promise<TestKith> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-test-'));
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadServerConfig({
    PORT: '0',
    KITH_DATA_DIR: dataDir,
    KITH_DEMO: 'false',
    LOG_LEVEL: 'info',
    KITH_MATCH_TRAINING: TEST_MATCH_TRAINING,
    // Suites run in parallel on one PostgreSQL: topics of their own, or one Kith's worker would take (and
    // answer into its own process) what another Kith published.
    ...(mode === 'postgres' ? { DATABASE_URL: databaseUrl(), KITH_TOPIC_PREFIX: `t${randomBytes(6).toString('hex')}` } : {}),
    ...env,
  });
  const kith = await startKith(config, { log: createLogger('info', sink), announce: () => {}, clock }).catch((error: unknown) => {
    throw new Error(`Kith did not start: ${String(error)}; the last of its log:\n${lines.slice(-STARTUP_LOG_LINES_SHOWN).join('\n')}`, { cause: error });
  });
  return {
    mode,
    url: kith.url,
    adminUrl: kith.adminUrl,
    adminToken: kith.adminToken,
    client: new KithClient([kith.url], kith.adminToken, [kith.adminUrl]),
    logs: () => parseLines(lines),
    async stop() {
      await kith.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long a new distributed Kith may take to answer its first lookup through the bus on a busy machine. */
const FIRST_ANSWER_WITHIN_MS = 120_000;

/**
 * Waits until every ingress answers a lookup its worker has worked (404 for an email nobody has), with an account
 * of its own. Every process logs 'kith listening' once its consumers have joined their groups, yet on a busy CI
 * machine a suite's first request on its fresh topics was answered 503 (a dependency not answering in time; the
 * log of the run did not say which): a suite's tests start from a working Kith, as a user's would after its first
 * seconds.
 */
async function answeringThroughTheBus(client: KithClient, adminToken: string): Promise<void> {
  const created = await client.admin<{ id: string }>('POST', '/accounts', { name: `warm-up-${randomBytes(6).toString('hex')}` });
  const key = await client.admin<{ key: string }>('POST', `/accounts/${created.body.id}/keys`);
  if (created.status !== 201 || key.status !== 201) throw new Error(`the warm-up account could not be made: ${created.text} ${key.text}`);
  for (const url of client.urls) {
    const ingress = new KithClient([url], adminToken);
    let last = '';
    await waitFor(
      `the ingress at ${url} to answer a lookup through the bus`,
      async () => {
        const answer = await ingress.v3('person.enrich', { email: `nobody-${randomBytes(6).toString('hex')}@warm-up.example` }, { key: key.body.key });
        last = `${answer.status} ${answer.text}`;
        return answer.status === 404;
      },
      { timeoutMs: FIRST_ANSWER_WITHIN_MS, progress: () => last },
    );
  }
}

/**
 * The distributed mode as it runs in production: real PostgreSQL, Kafka and ClickHouse, two ingress replicas
 * and the workers as separate processes, on topics of their own. The client alternates between the ingress
 * replicas. The workers share two processes (usage and delivery; the request workers), as `KITH_ROLES` allows:
 * a process per worker would make every suite eight processes, more than two cores run in parallel suites.
 */
async function startDistributed(env: Record<string, string>): Promise<TestKith> {
  const adminToken = `kith_admin_test_${randomBytes(16).toString('hex')}`;
  const shared = {
    DATABASE_URL: databaseUrl(),
    KAFKA_BROKERS: kafkaBrokers().join(','),
    CLICKHOUSE_URL: clickhouseUrl(),
    KITH_CLICKHOUSE_DATABASE: 'kith_test',
    KITH_ADMIN_TOKEN: adminToken,
    KITH_TOPIC_PREFIX: `t${randomBytes(6).toString('hex')}`,
    KITH_TOPIC_PARTITIONS: '4',
    KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    KITH_MATCH_TRAINING: TEST_MATCH_TRAINING,
    ...env,
  };
  const processes = await Promise.all([
    startKithProcess({ ...shared, KITH_ROLES: 'ingress', KITH_INSTANCE_ID: 'ingress-a' }),
    startKithProcess({ ...shared, KITH_ROLES: 'ingress', KITH_INSTANCE_ID: 'ingress-b' }),
    ...WORKER_PROCESSES.map((workers) => startKithProcess({ ...shared, KITH_ROLES: workers.map((worker) => `worker:${worker}`).join(',') })),
  ]);
  const ingresses = processes.slice(0, 2);
  const client = new KithClient(
    ingresses.map((ingress) => ingress.url),
    adminToken,
    ingresses.map((ingress) => ingress.adminUrl),
  );
  await answeringThroughTheBus(client, adminToken).catch(async (error: unknown) => {
    await Promise.all(processes.map((process) => process.stop('SIGKILL')));
    throw error;
  });
  return {
    mode: 'distributed',
    url: ingresses[0]!.url,
    adminUrl: ingresses[0]!.adminUrl,
    adminToken,
    client,
    logs: () => parseLines(processes.flatMap((process) => process.output().split('\n'))),
    async stop() {
      const codes = await Promise.all(processes.map((process) => process.stop('SIGTERM')));
      await deleteTopicsUnder(shared.KAFKA_BROKERS, shared.KITH_TOPIC_PREFIX).catch((error: unknown) => {
        console.warn(`the test Kith's topics (${shared.KITH_TOPIC_PREFIX}.*) could not be deleted: ${String(error)}`);
      });
      if (codes.some((code) => code !== 0)) {
        throw new Error(`a Kith process did not stop cleanly (${codes.join(', ')}):\n${processes.map((p) => p.output()).join('\n')}`);
      }
    },
  };
}

/**
 * Kith in one of the modes the contract suite runs in. A `clock` (in-process modes only) is the time every part
 * of that Kith reads, so that a test can make requests on another day.
 */
export function startTestKith(mode: Mode, env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<TestKith> {
  if (mode === 'distributed') {
    if (options.clock) throw new Error('a clock can be given to an in-process Kith only');
    return startDistributed(env);
  }
  return startInProcess(mode, env, options.clock);
}
