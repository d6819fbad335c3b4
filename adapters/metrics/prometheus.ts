import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import type { LagReading, Metrics } from './port.ts';

export type PrometheusOptions = {
  log: Logger;
  /** Process metrics (RSS, CPU, heap, event-loop lag, GC); default true. */
  processMetrics?: boolean;
  /** Read at scrape time, from the bus: consumer lag of the groups this process consumes in. */
  lag?: () => Promise<LagReading[]>;
  /** A lag read that takes longer is abandoned for this scrape, which then has no lag (default 2000 ms). */
  lagTimeoutMs?: number;
};

/** Latency buckets in seconds: synchronous calls are answered within the clients' 3 s timeout. */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const USAGE_BATCH_EVENTS = [1, 10, 100, 1_000, 10_000, 100_000];

/**
 * Prometheus metrics in a registry of their own, one per running Kith (tests run several in one process;
 * prom-client's global registry is never used), read by GET /metrics in the text exposition format.
 */
export function prometheusMetrics(options: PrometheusOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: 'kith_http_requests_total', help: 'HTTP requests answered, by operation and status', labelNames: ['operation', 'status'], registers });
  const duration = new Histogram({
    name: 'kith_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its answer, by operation and status',
    labelNames: ['operation', 'status'],
    buckets: HTTP_SECONDS,
    registers,
  });
  const produced = new Counter({ name: 'kith_bus_messages_produced_total', help: 'Messages published to the bus, by topic', labelNames: ['topic'], registers });
  const consumed = new Counter({ name: 'kith_bus_messages_consumed_total', help: 'Messages handled by this process, by topic', labelNames: ['topic'], registers });
  const attempts = new Counter({
    name: 'kith_webhook_attempts_total',
    help: 'Webhook delivery attempts, by what they led to: delivered, retry, gave_up (schedule exhausted), gone (410)',
    labelNames: ['outcome'],
    registers,
  });
  const batches = new Histogram({ name: 'kith_usage_batch_events', help: 'Usage events per batch written to the usage store', buckets: USAGE_BATCH_EVENTS, registers });
  const statements = new Counter({ name: 'kith_sql_statements_total', help: 'Statements this process sent to its database', registers });
  const transactions = new Counter({ name: 'kith_sql_transactions_total', help: 'Explicit transactions this process began in its database', registers });
  if (options.lag) lagGauge(options.lag, options.lagTimeoutMs ?? 2_000, options.log, registry);

  return {
    http: {
      served({ operation, status, seconds }) {
        const labels = { operation, status: String(status) };
        requests.inc(labels);
        duration.observe(labels, seconds);
      },
    },
    bus: {
      produced: (topic, count) => produced.inc({ topic }, count),
      consumed: (topic) => consumed.inc({ topic }),
    },
    deliveries: { attempted: (outcome) => attempts.inc({ outcome }) },
    usage: { batchWritten: (events) => batches.observe(events) },
    sql: { statement: () => statements.inc(), transaction: () => transactions.inc() },
    exposition: { contentType: registry.contentType, render: () => registry.metrics() },
  };
}

/** Consumer lag, read when scraped; a scrape whose read fails or times out shows none rather than stale values. */
function lagGauge(read: () => Promise<LagReading[]>, timeoutMs: number, log: Logger, registry: Registry) {
  new Gauge({
    name: 'kith_bus_consumer_lag',
    help: 'Messages not yet committed by the consumer group, over the partitions of the topic (the same for every replica of the group)',
    labelNames: ['group', 'topic'],
    registers: [registry],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`consumer lag not read within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        for (const { group, topic, lag } of await Promise.race([read(), timeout])) this.set({ group, topic }, lag);
      } catch (error) {
        log.warn({ err: error }, 'consumer lag left out of this scrape');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
