import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../../test/support/metrics.ts';
import { PGLITE_START_MS } from '../../test/support/pglite-start.ts';
import { meteredBus } from '../bus/metered.ts';
import type { Bus, ConsumedMessage, ConsumerOptions } from '../bus/port.ts';
import { attemptOutcome, meteredDeliveries } from '../db/metered-deliveries.ts';
import { meteredSql } from '../db/metered.ts';
import { createPgliteClient } from '../db/pglite.ts';
import type { DeliveryStore } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { createLogger } from '../logger.ts';
import { meteredUsageStore } from '../usage/metered.ts';
import type { UsageEvent, UsageStore } from '../usage/port.ts';
import { prometheusMetrics } from './prometheus.ts';

const log = createLogger('silent');

/** A bus that stores publishes and hands the test the consumer's handler. */
function recordingBus() {
  const published: string[] = [];
  let consumer: ConsumerOptions | undefined;
  const bus: Bus = {
    ensureTopics: async () => {},
    publish: async (topic, messages) => void published.push(...messages.map(() => topic)),
    consume: async (options) => {
      consumer = options;
      return { stop: async () => {} };
    },
    backlog: async () => 0,
    close: async () => {},
  };
  const deliver = (topic: string) =>
    consumer!.handle({ topic, partition: 0, offset: '0', key: 'k', value: '{}', headers: {} } satisfies ConsumedMessage);
  return { bus, published, deliver };
}

describe('meteredBus', () => {
  it('counts published and handled messages per topic, reply topics as one', async () => {
    const metrics = prometheusMetrics({ log, processMetrics: false });
    const inner = recordingBus();
    const bus = meteredBus(inner.bus, {
      metrics: metrics.bus,
      topicLabel: (topic) => (topic.startsWith('k.replies.') ? 'k.replies' : topic),
    });
    await bus.publish('k.usage', [{ key: 'a', value: '1' }, { key: 'b', value: '2' }]);
    await bus.publish('k.replies.ingress-a', [{ key: 'a', value: '1' }]);
    await bus.publish('k.replies.ingress-b', [{ key: 'a', value: '1' }]);
    await bus.consume({ groupId: 'g', topics: ['k.usage'], handle: async () => {} });
    await inner.deliver('k.usage');
    const text = await metrics.exposition.render();
    expect(inner.published).toHaveLength(4);
    expect(sample(text, 'kith_bus_messages_produced_total', { topic: 'k.usage' })).toBe(2);
    expect(sample(text, 'kith_bus_messages_produced_total', { topic: 'k.replies' })).toBe(2);
    expect(sample(text, 'kith_bus_messages_consumed_total', { topic: 'k.usage' })).toBe(1);
  });

  it('counts nothing that failed', async () => {
    const metrics = prometheusMetrics({ log, processMetrics: false });
    const inner = recordingBus();
    inner.bus.publish = async () => {
      throw new Error('broker away');
    };
    const bus = meteredBus(inner.bus, { metrics: metrics.bus });
    await expect(bus.publish('t', [{ key: 'a', value: '1' }])).rejects.toThrow('broker away');
    await bus.consume({ groupId: 'g', topics: ['t'], handle: async () => Promise.reject(new Error('crash')) });
    await expect(inner.deliver('t')).rejects.toThrow('crash');
    const text = await metrics.exposition.render();
    expect(sample(text, 'kith_bus_messages_produced_total', { topic: 't' })).toBe(0);
    expect(sample(text, 'kith_bus_messages_consumed_total', { topic: 't' })).toBe(0);
  });
});

describe('meteredDeliveries', () => {
  it('names what an attempt led to', () => {
    expect(attemptOutcome({ status: 'delivered' })).toBe('delivered');
    expect(attemptOutcome({ status: 'pending', nextAttemptAt: new Date() })).toBe('retry');
    expect(attemptOutcome({ status: 'failed' })).toBe('gave_up');
    expect(attemptOutcome({ status: 'gone' })).toBe('gone');
  });

  it('counts each logged attempt by its outcome', async () => {
    const metrics = prometheusMetrics({ log, processMetrics: false });
    const finished: string[] = [];
    const store = meteredDeliveries({ finish: async (id: string) => void finished.push(id) } as unknown as DeliveryStore, metrics.deliveries);
    const attempt = { attempt: 1, startedAt: new Date(), outcome: 'failed' as const, statusCode: 500, latencyMs: 3, error: null };
    await store.finish('d1', attempt, { status: 'pending', nextAttemptAt: new Date() }, new Date());
    await store.finish('d1', attempt, { status: 'failed' }, new Date());
    await store.finish('d2', { ...attempt, outcome: 'delivered', statusCode: 200 }, { status: 'delivered' }, new Date());
    const text = await metrics.exposition.render();
    expect(finished).toEqual(['d1', 'd1', 'd2']);
    expect(sample(text, 'kith_webhook_attempts_total', { outcome: 'retry' })).toBe(1);
    expect(sample(text, 'kith_webhook_attempts_total', { outcome: 'gave_up' })).toBe(1);
    expect(sample(text, 'kith_webhook_attempts_total', { outcome: 'delivered' })).toBe(1);
  });
});

describe('meteredUsageStore', () => {
  it('observes the size of every batch written', async () => {
    const metrics = prometheusMetrics({ log, processMetrics: false });
    const store = meteredUsageStore({ record: async () => {} } as unknown as UsageStore, metrics.usage);
    const events = (count: number) => Array.from({ length: count }, () => ({}) as UsageEvent);
    await store.record(events(3));
    await store.record(events(250));
    const text = await metrics.exposition.render();
    expect(sample(text, 'kith_usage_batch_events_count')).toBe(2);
    expect(sample(text, 'kith_usage_batch_events_sum')).toBe(253);
    expect(sample(text, 'kith_usage_batch_events_bucket', { le: '10' })).toBe(1);
  });
});

describe('meteredSql', () => {
  let pglite: SqlClient;
  beforeAll(async () => {
    pglite = await createPgliteClient(undefined);
  }, PGLITE_START_MS);
  afterAll(() => pglite?.close());

  it('counts the statements sent, inside transactions too, and the transactions begun', async () => {
    const metrics = prometheusMetrics({ log, processMetrics: false });
    const db = meteredSql(pglite, metrics.sql);
    await db.execScript('CREATE TABLE t (n integer)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1)', [1]);
      await tx.query('INSERT INTO t VALUES ($1)', [2]);
    });
    expect(await db.query('SELECT n FROM t ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
    const text = await metrics.exposition.render();
    expect(sample(text, 'kith_sql_statements_total')).toBe(4);
    expect(sample(text, 'kith_sql_transactions_total')).toBe(1);
  });
});

describe('prometheusMetrics', () => {
  it('writes process metrics unless told not to', async () => {
    const text = await prometheusMetrics({ log }).exposition.render();
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads consumer lag at scrape time, and leaves it out when the read takes too long', async () => {
    let reading: Promise<{ group: string; topic: string; lag: number }[]> = Promise.resolve([{ group: 'g', topic: 't', lag: 7 }]);
    const metrics = prometheusMetrics({ log, processMetrics: false, lag: () => reading, lagTimeoutMs: 50 });
    expect(sample(await metrics.exposition.render(), 'kith_bus_consumer_lag', { group: 'g', topic: 't' })).toBe(7);
    reading = new Promise(() => {});
    const text = await metrics.exposition.render();
    expect(text).toContain('# TYPE kith_bus_consumer_lag gauge');
    expect(sample(text, 'kith_bus_consumer_lag', { group: 'g', topic: 't' })).toBe(0);
    expect(text).not.toMatch(/^kith_bus_consumer_lag\{/m);
  });
});
