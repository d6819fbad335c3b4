import { setTimeout as delay } from 'node:timers/promises';
import { Kafka, type Admin, type KafkaConfig } from 'kafkajs';
import { RetryableError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { withRetries, type RetryPolicy } from '../retry.ts';
import { startKafkaConsumer, type KafkaConsumerSettings } from './kafka-consumer.ts';
import { classifyKafkaError } from './kafka-errors.ts';
import { groupLag } from './kafka-lag.ts';
import { kafkaLogCreator, kafkaLogLevels, type KafkaLogLevel } from './kafka-log.ts';
import { fixKafkajsRequestQueue } from './kafkajs-request-queue.ts';
import { createBatchingProducer } from './kafka-producer.ts';
import type { Bus, Consumer, TopicSpec } from './port.ts';

export type KafkaBusOptions = {
  brokers: string[];
  clientId: string;
  log: Logger;
  /** How long a publish waits for others to share its produce request (default 2 ms). */
  lingerMs?: number;
  /** A publish not acknowledged by then fails with RetryableError (default 1500 ms). */
  publishTimeoutMs?: number;
  /** Publishes are gathered into produce requests of up to this many bytes (default 512 KiB). */
  maxBatchBytes?: number;
  /** Replicas of each topic that ensureTopics creates (default 1). */
  replicationFactor?: number;
  /** kafkajs log lines at or above this level reach `log` (default warn). */
  kafkaLogLevel?: KafkaLogLevel;
} & Partial<KafkaConsumerSettings>;

/**
 * Retries of kafkajs's own connects and metadata requests, explicit because kafkajs picks other defaults
 * when NODE_ENV is "test". The producer's are short: a failed publish is retried by its caller, and each
 * new batch connects afresh.
 */
const producerClientRetry = { retries: 2, initialRetryTime: 100, maxRetryTime: 500, factor: 0.2, multiplier: 2 };
const clientRetry = { retries: 5, initialRetryTime: 100, maxRetryTime: 2_000, factor: 0.2, multiplier: 2 };
/** A broker that has just started may not serve a new topic's metadata yet: five attempts in 2.5 s. */
const whileTopicsAppear: RetryPolicy = {
  delaysMs: [250, 500, 750, 1_000],
  shouldRetry: (error) => error instanceof RetryableError,
  sleep: delay,
};

/** The bus on Apache Kafka: port.ts says what it does; kafka-producer.ts, kafka-consumer.ts and kafka-batch.ts how. */
export function createKafkaBus(options: KafkaBusOptions): Bus {
  if (!fixKafkajsRequestQueue()) options.log.warn('kafkajs is not 2.2.4: its request queue runs unfixed (adapters/bus/kafkajs-request-queue.ts)');
  const publishTimeoutMs = options.publishTimeoutMs ?? 1_500;
  const settings: KafkaConsumerSettings = {
    sessionTimeoutMs: options.sessionTimeoutMs ?? 10_000,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 500,
    rebalanceTimeoutMs: options.rebalanceTimeoutMs ?? 30_000,
    maxWaitMs: options.maxWaitMs ?? 250,
    stopGraceMs: options.stopGraceMs ?? 10_000,
    startTimeoutMs: options.startTimeoutMs ?? 30_000,
    commitIntervalMs: options.commitIntervalMs ?? 1_000,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 4,
  };
  const client = (timing: Pick<KafkaConfig, 'requestTimeout' | 'connectionTimeout' | 'retry'>) =>
    new Kafka({
      ...timing,
      brokers: options.brokers,
      clientId: options.clientId,
      logLevel: kafkaLogLevels[options.kafkaLogLevel ?? 'warn'],
      logCreator: kafkaLogCreator(options.log),
    });
  // Publishing fails fast; consumers and the admin client may wait longer for a busy broker.
  const producer = createBatchingProducer({
    kafka: client({ requestTimeout: publishTimeoutMs, connectionTimeout: Math.min(1_000, publishTimeoutMs), retry: producerClientRetry }),
    log: options.log,
    lingerMs: options.lingerMs ?? 2,
    maxBatchBytes: options.maxBatchBytes ?? 512 * 1024,
    publishTimeoutMs,
  });
  const kafka = client({ requestTimeout: 10_000, connectionTimeout: 3_000, retry: clientRetry });
  const consumers = new Set<Consumer>();
  let admin: Promise<Admin> | undefined;
  let closed = false;

  function connectedAdmin(): Promise<Admin> {
    if (!admin) {
      const created = kafka.admin();
      admin = created.connect().then(() => created);
      admin.catch(() => (admin = undefined)); // a failed connect is tried again on the next call
    }
    return admin;
  }

  async function createMissingAndPrepare(topics: TopicSpec[]) {
    const connected = await connectedAdmin();
    const existing = new Set(await connected.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic.name));
    if (missing.length > 0) await createTopics(connected, missing);
    await producer.prepare(topics.map((topic) => topic.name));
  }

  async function createTopics(connected: Admin, missing: TopicSpec[]) {
    // A topic that already exists is left as it is, even with fewer partitions: adding partitions would move
    // keys to other partitions and break their order, so that is a deliberate operator's step.
    await connected.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic: topic.name,
        numPartitions: topic.partitions,
        replicationFactor: options.replicationFactor ?? 1,
        configEntries: topic.retentionMs === undefined ? [] : [{ name: 'retention.ms', value: String(topic.retentionMs) }],
      })),
    });
  }

  return {
    ensureTopics: (topics) =>
      withRetries(
        () =>
          createMissingAndPrepare(topics).catch((error: unknown) => {
            throw classifyKafkaError(error, 'cannot create topics', { topics: topics.map((topic) => topic.name) });
          }),
        whileTopicsAppear,
      ),
    publish: (topic, messages) => producer.publish(topic, messages),
    async consume(consumerOptions) {
      if (closed) throw new RetryableError('the Kafka bus is closed');
      const consumer = await startKafkaConsumer(kafka, consumerOptions, settings, options.log);
      if (closed) {
        await consumer.stop();
        throw new RetryableError('the Kafka bus is closed');
      }
      const tracked: Consumer = {
        stop() {
          consumers.delete(tracked);
          return consumer.stop();
        },
      };
      consumers.add(tracked);
      return tracked;
    },
    async backlog(groupId, topic) {
      try {
        return await groupLag(await connectedAdmin(), groupId, topic);
      } catch (error) {
        throw classifyKafkaError(error, 'cannot read a consumer group\'s backlog', { groupId, topic });
      }
    },
    async close() {
      closed = true;
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
      await producer.close();
      const connected = await admin?.catch(() => undefined);
      await connected?.disconnect();
    },
  };
}
