import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { PermanentError, RetryableError } from '../../adapters/errors.ts';
import { createLogger } from '../../adapters/logger.ts';
import { kafkaBrokers } from '../support/services.ts';

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger('debug', sink), lines };
}

describe('Kafka bus', () => {
  it('fails a publish fast with RetryableError when no broker answers, without logging message values', async () => {
    const { log, lines } = capturedLogger();
    const bus = createKafkaBus({ brokers: ['127.0.0.1:1'], clientId: 'kith-unreachable', log, publishTimeoutMs: 1_000 });
    const started = Date.now();
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((index) => bus.publish(`topic-${randomUUID()}`, [{ key: 'k', value: `secret-value-${index}` }])),
    );
    const elapsed = Date.now() - started;
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RetryableError);
    }
    expect(elapsed).toBeLessThan(1_000 + 300);
    await bus.close();
    expect(lines.some((line) => line.includes('"component":"kafkajs"'))).toBe(true);
    expect(lines.filter((line) => line.includes('secret-value'))).toEqual([]);
  });

  it('refuses a message larger than the broker accepts with PermanentError, and keeps publishing', async () => {
    const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test', log: createLogger('error') });
    try {
      const topic = `kafka-bus-${randomUUID()}`;
      await bus.ensureTopics([{ name: topic, partitions: 1 }]);
      await expect(bus.publish(topic, [{ key: 'k', value: 'x'.repeat(2 * 1024 * 1024) }])).rejects.toBeInstanceOf(PermanentError);
      await bus.publish(topic, [{ key: 'k', value: 'small' }]);
    } finally {
      await bus.close();
    }
  });

  it('creates missing topics with their partitions and retention', async () => {
    const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test', log: createLogger('error') });
    const admin = new kafkajs.Kafka({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test-admin', logLevel: kafkajs.logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const topic = `kafka-bus-${randomUUID()}`;
      await bus.ensureTopics([{ name: topic, partitions: 3, retentionMs: 600_000 }]);
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      expect(topics[0]!.partitions).toHaveLength(3);
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: kafkajs.ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }],
      });
      expect(resources[0]!.configEntries.find((entry) => entry.configName === 'retention.ms')?.configValue).toBe('600000');
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  });
});
