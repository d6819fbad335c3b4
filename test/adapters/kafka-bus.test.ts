import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { PermanentError, RetryableError } from '../../adapters/errors.ts';
import { createLogger } from '../../adapters/logger.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

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

  it('sends a publish made just as the one before it is acknowledged, however many ticks after', async () => {
    const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test', log: createLogger('error'), publishTimeoutMs: 10_000 });
    try {
      const topic = `kafka-bus-${randomUUID()}`;
      await bus.ensureTopics([{ name: topic, partitions: 1 }]);
      // As the graph-change notifier does: publish, and on its acknowledgement publish again, some layers of
      // promises later; a publish that lands as the sending loop ends must not wait in the queue for nobody.
      for (let ticks = 0; ticks <= 8; ticks++) {
        const next = bus.publish(topic, [{ key: 'k', value: `first-${ticks}` }]).then(async () => {
          for (let tick = 0; tick < ticks; tick++) await Promise.resolve();
          return bus.publish(topic, [{ key: 'k', value: `second-${ticks}` }]);
        });
        await expect(next).resolves.toBeUndefined();
      }
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

  it('starts consuming when its first consumer crashes before its first fetch and another takes its place', async () => {
    const { log, lines } = capturedLogger();
    const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test', log, startTimeoutMs: 60_000 });
    const kafka = new kafkajs.Kafka({ brokers: kafkaBrokers(), clientId: 'kith-kafka-bus-test-other', logLevel: kafkajs.logLevel.NOTHING });
    const topic = `kafka-bus-${randomUUID()}`;
    const groupId = `kafka-bus-${randomUUID()}`;
    // A member of the group whose only assignment protocol Kith's consumers do not speak: while it is in the
    // group, their joins fail for good (INCONSISTENT_GROUP_PROTOCOL), which kafkajs does not retry.
    const otherAssigner: kafkajs.PartitionAssigner = () => ({
      name: 'OtherAssigner',
      version: 0,
      assign: async () => [],
      protocol: ({ topics }) => ({ name: 'OtherAssigner', metadata: kafkajs.AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }) }),
    });
    const other = kafka.consumer({ groupId, partitionAssigners: [otherAssigner] });
    try {
      await bus.ensureTopics([{ name: topic, partitions: 1 }]);
      const otherJoined = new Promise((resolve) => other.on(other.events.GROUP_JOIN, resolve));
      await other.connect();
      await other.subscribe({ topics: [topic] });
      await other.run({ eachMessage: async () => {} });
      await otherJoined;

      const received: string[] = [];
      const consuming = bus.consume({ groupId, topics: [topic], handle: async (message) => void received.push(message.value) });
      await waitFor('a consumer of Kith to crash', () => lines.some((line) => line.includes('Kafka consumer crashed; starting a new one')), { timeoutMs: 30_000 });
      await other.disconnect();
      const consumer = await consuming;

      await bus.publish(topic, [{ key: 'k', value: 'after the crash' }]);
      await waitFor('the message', () => received.length > 0, { timeoutMs: 30_000 });
      expect(received).toEqual(['after the crash']);
      await consumer.stop();
    } finally {
      await other.disconnect();
      await bus.close();
    }
  }, 120_000);
});
