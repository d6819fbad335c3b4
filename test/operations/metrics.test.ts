import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../adapters/config.ts';
import { createLogger } from '../../adapters/logger.ts';
import { startKith } from '../../main.ts';
import { KithClient } from '../support/client.ts';
import { sample, scrape, series } from '../support/metrics.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startKithProcess, type KithProcess } from '../support/processes.ts';
import { clickhouseUrl, kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** What both modes share: quick usage batches, webhooks to this machine, one quick retry before giving up. */
const SETTINGS = {
  KITH_USAGE_BATCH_MS: '20',
  KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
  KITH_WEBHOOK_SCHEDULE: '0.2',
  KITH_DEMO: 'false',
};

/** One running Kith as this test sees it: where the API is, where the ingress's and a worker's metrics are. */
type Deployment = {
  client: KithClient;
  prefix: string;
  /** GET /metrics of the process running the ingress. */
  ingressMetrics: string;
  /** GET /metrics of the process running the usage, enrichment and delivery workers (the same one embedded). */
  workerMetrics: string;
  embedded: boolean;
  stop(): Promise<void>;
};

async function embedded(): Promise<Deployment> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-metrics-'));
  const kith = await startKith(loadServerConfig({ ...SETTINGS, PORT: '0', KITH_DATA_DIR: dataDir }), {
    log: createLogger('silent'),
    announce: () => {},
  });
  return {
    client: new KithClient([kith.url], kith.adminToken),
    prefix: 'kith',
    ingressMetrics: kith.metricsUrl,
    workerMetrics: kith.metricsUrl,
    embedded: true,
    async stop() {
      await kith.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An ingress serving /metrics on a port of its own (KITH_METRICS_PORT), and a worker process on its only port.
 * A database of its own: another suite's delivery worker on the shared one would claim this suite's due retry, and
 * the attempts and give-up counted here would happen in that process instead.
 */
async function distributed(): Promise<Deployment> {
  const database = await freshPostgresDatabase();
  const adminToken = `kith_admin_test_${randomBytes(16).toString('hex')}`;
  const prefix = `t${randomBytes(6).toString('hex')}`;
  const shared = {
    ...SETTINGS,
    DATABASE_URL: database.url,
    KAFKA_BROKERS: kafkaBrokers().join(','),
    CLICKHOUSE_URL: clickhouseUrl(),
    KITH_CLICKHOUSE_DATABASE: 'kith_test',
    KITH_ADMIN_TOKEN: adminToken,
    KITH_TOPIC_PREFIX: prefix,
    KITH_TOPIC_PARTITIONS: '2',
  };
  const processes: KithProcess[] = await Promise.all([
    startKithProcess({ ...shared, KITH_ROLES: 'ingress', KITH_METRICS_PORT: '0' }),
    startKithProcess({ ...shared, KITH_ROLES: 'worker:usage,worker:enrichment,worker:delivery' }),
  ]);
  const [ingress, worker] = processes as [KithProcess, KithProcess];
  const metricsPort = /"metricsPort":(\d+)/.exec(ingress.output())?.[1];
  if (!metricsPort) throw new Error(`the ingress did not say where its metrics are:\n${ingress.output()}`);
  return {
    client: new KithClient([ingress.url], adminToken),
    prefix,
    ingressMetrics: `http://127.0.0.1:${metricsPort}`,
    workerMetrics: worker.url,
    embedded: false,
    async stop() {
      const codes = await Promise.all(processes.map((process) => process.stop('SIGTERM')));
      await database.drop();
      if (codes.some((code) => code !== 0)) throw new Error(`a Kith process did not stop cleanly: ${processes.map((p) => p.output()).join('\n')}`);
    },
  };
}

describe.each([
  ['embedded', embedded],
  ['distributed', distributed],
] as const)('GET /metrics (%s)', (_mode, start) => {
  let kith: Deployment;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [kith, receiver] = await Promise.all([start(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await receiver?.close();
    await kith?.stop();
  });

  it('counts requests per operation, bus traffic per topic, webhook attempts and usage batches', async () => {
    const created = await kith.client.admin('POST', '/accounts', { name: `metrics-${randomBytes(4).toString('hex')}` });
    const issued = await kith.client.admin('POST', `/accounts/${created.body.id}/keys`);
    const key: string = issued.body.key;
    const topic = (name: string) => `${kith.prefix}.${name}`;
    const [ingressBefore, workerBefore] = await Promise.all([scrape(kith.ingressMetrics), scrape(kith.workerMetrics)]);
    const moved = (after: string, before: string, name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);

    expect((await kith.client.v3('stats.get', {}, { key })).status).toBe(200);
    expect((await kith.client.v3('stats.get', {}, { key })).status).toBe(200);
    expect((await kith.client.v3('person.enrich', { email: 'a@example.com' })).status).toBe(401);
    expect((await kith.client.v3('no.such', {}, { key })).status).toBe(404);
    expect((await kith.client.request('GET', `/nowhere/${randomBytes(4).toString('hex')}`)).status).toBe(404);
    // One webhook delivered at once; one refused twice (the first attempt and its one retry), then given up.
    const webhookUrl = `${receiver.url}/hooks`;
    expect((await kith.client.v3('person.enrich', { email: 'nobody@example.com', webhookUrl }, { key })).status).toBe(202);
    await receiver.waitFor(1, 20_000);
    receiver.respondWith(500);
    expect((await kith.client.v3('person.enrich', { email: 'nobody@example.com', webhookUrl }, { key })).status).toBe(202);
    await receiver.waitFor(3, 20_000);

    // Each counter moves when its work is done, some after the answer or the webhook: wait until every one has
    // got as far as it should, then check that none went further.
    type Count = [process: 'ingress' | 'worker', name: string, labels: Record<string, string>, moved: number];
    const counts: Count[] = [
      // The ingress: requests by operation and status...
      ['ingress', 'kith_http_requests_total', { operation: 'stats.get', status: '200' }, 2],
      ['ingress', 'kith_http_requests_total', { operation: 'person.enrich', status: '401' }, 1],
      ['ingress', 'kith_http_requests_total', { operation: 'person.enrich', status: '202' }, 2],
      ['ingress', 'kith_http_requests_total', { operation: 'unknown', status: '404' }, 2],
      ['ingress', 'kith_http_request_duration_seconds_count', { operation: 'stats.get', status: '200' }, 2],
      // ...and what it published: two requests to each worker, and the usage of the two synchronous calls.
      ['ingress', 'kith_bus_messages_produced_total', { topic: topic('requests.usage') }, 2],
      ['ingress', 'kith_bus_messages_produced_total', { topic: topic('requests.enrichment') }, 2],
      ['ingress', 'kith_bus_messages_produced_total', { topic: topic('usage') }, kith.embedded ? 4 : 2],
      // The workers: requests handled, deliveries and the webhook calls' usage published, webhook attempts,
      // and all four usage events written.
      ['worker', 'kith_bus_messages_consumed_total', { topic: topic('requests.usage') }, 2],
      ['worker', 'kith_bus_messages_consumed_total', { topic: topic('requests.enrichment') }, 2],
      ['worker', 'kith_bus_messages_produced_total', { topic: topic('deliveries') }, 2],
      ['worker', 'kith_bus_messages_consumed_total', { topic: topic('deliveries') }, 2],
      ['worker', 'kith_bus_messages_consumed_total', { topic: topic('usage') }, 4],
      ['worker', 'kith_webhook_attempts_total', { outcome: 'delivered' }, 1],
      ['worker', 'kith_webhook_attempts_total', { outcome: 'retry' }, 1],
      ['worker', 'kith_webhook_attempts_total', { outcome: 'gave_up' }, 1],
      ['worker', 'kith_usage_batch_events_sum', {}, 4],
      // Replies to the ingress, whatever its instance, under one label (embedded mode replies in-process).
      ...(kith.embedded ? [] : [['worker', 'kith_bus_messages_produced_total', { topic: topic('replies') }, 2] satisfies Count]),
    ];
    let ingress = '';
    let worker = '';
    const movedNow = () =>
      counts.map(([process, name, labels]) =>
        process === 'ingress' ? moved(ingress, ingressBefore, name, labels) : moved(worker, workerBefore, name, labels),
      );
    await waitFor(
      'every counter to have moved',
      async () => {
        [ingress, worker] = await Promise.all([scrape(kith.ingressMetrics), scrape(kith.workerMetrics)]);
        return movedNow().every((value, index) => value >= counts[index]![3]);
      },
      { timeoutMs: 20_000, progress: movedNow },
    );
    const described = (values: number[]) => counts.map(([process, name, labels], index) => `${process} ${name} ${JSON.stringify(labels)} ${values[index]}`);
    expect(described(movedNow())).toEqual(described(counts.map((count) => count[3])));
    expect(moved(worker, workerBefore, 'kith_usage_batch_events_count')).toBeGreaterThanOrEqual(1);
    // No raw path of an unknown request became a label.
    expect(ingress).not.toContain('nowhere');
    expect(ingress).not.toContain('no.such');

    for (const text of [ingress, worker]) {
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(text).toMatch(/^process_cpu_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    }
    if (!kith.embedded) {
      expect(series(worker, 'kith_bus_messages_produced_total').map((labels) => labels.topic)).not.toContainEqual(expect.stringMatching(/replies\./));
    }
  });

  it('needs no API key, is not rate limited and is not usage', async () => {
    const answer = await fetch(`${kith.ingressMetrics}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('x-rate-limit-limit')).toBeNull();
    const text = await answer.text();
    expect(sample(text, 'kith_http_requests_total', { operation: 'metrics', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it.runIf(_mode === 'distributed')('serves metrics only on KITH_METRICS_PORT when it is set', async () => {
    expect((await kith.client.request('GET', '/metrics')).status).toBe(404);
  });

  it("reports the workers' consumer lag, read from the bus (Kafka or embedded), down to 0 once committed", async () => {
    const group = `${kith.prefix}-worker-usage`;
    let text = '';
    await waitFor(
      'the usage worker to have committed what it handled',
      async () => {
        text = await scrape(kith.workerMetrics);
        return sample(text, 'kith_bus_consumer_lag', { group, topic: `${kith.prefix}.requests.usage` }) === 0 && text.includes(`group="${group}"`);
      },
      { timeoutMs: 30_000, progress: () => series(text, 'kith_bus_consumer_lag') },
    );
    expect(series(text, 'kith_bus_consumer_lag')).toEqual(
      expect.arrayContaining([
        { group: `${kith.prefix}-usage-writer`, topic: `${kith.prefix}.usage` },
        { group: `${kith.prefix}-delivery-intake`, topic: `${kith.prefix}.deliveries` },
        { group: `${kith.prefix}-worker-enrichment`, topic: `${kith.prefix}.requests.enrichment` },
      ]),
    );
  });
});
