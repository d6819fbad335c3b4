import type { Consumer as KafkaJSConsumer, Kafka } from 'kafkajs';
import { RetryableError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { handleKafkaBatch } from './kafka-batch.ts';
import { classifyKafkaError } from './kafka-errors.ts';
import type { Consumer, ConsumerOptions } from './port.ts';

/** Pause before a crashed consumer is replaced, and between tries while the broker is still away. */
const RESTART_DELAY_MS = 1_000;

export type KafkaConsumerSettings = {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  /** How long a fetch waits on the broker for new messages (also how long stop() may wait for a fetch). */
  maxWaitMs: number;
  /** How long stop() waits for messages in hand; after that they are left uncommitted and come again. */
  stopGraceMs: number;
  /** consume() fails when the consumer has not joined its group and fetched once by then. */
  startTimeoutMs: number;
  /** During a long batch, handled messages are committed at most this often (and always at its end). */
  commitIntervalMs: number;
  /** Partitions of one consumer handled at the same time. */
  partitionsConsumedConcurrently: number;
};

/**
 * The first fetch of any of a group member's consumers, the one started first or one that replaced it after a
 * crash: by then it has joined its group and knows where to start.
 */
function firstFetchWatch(groupId: string) {
  let fetched!: () => void;
  const firstFetch = new Promise<void>((resolve) => (fetched = resolve));
  return {
    /** Listens to a consumer before it runs. */
    watch(consumer: KafkaJSConsumer): void {
      const remove = consumer.on(consumer.events.FETCH, () => {
        remove();
        fetched();
      });
    },
    /** Resolves on the first fetch; rejects when none came within timeoutMs. */
    within(timeoutMs: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new RetryableError(`the consumer did not join group ${groupId} within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([firstFetch, timedOut]).finally(() => clearTimeout(timer));
    },
  };
}

/**
 * One kafkajs consumer with manual offsets (see kafka-batch.ts for how a batch is handled and committed).
 * consume() resolves once the consumer has joined its group and fetched once, so that whatever is
 * published afterwards reaches it (or another member of its group).
 */
export async function startKafkaConsumer(kafka: Kafka, options: ConsumerOptions, settings: KafkaConsumerSettings, log: Logger): Promise<Consumer> {
  const { groupId, topics } = options;
  const consumerLog = log.child({ groupId });
  const stopping = new AbortController();
  const abandoning = new AbortController();
  const context = {
    handle: options.handle,
    concurrency: options.concurrency ?? 1,
    heartbeatIntervalMs: settings.heartbeatIntervalMs,
    commitIntervalMs: settings.commitIntervalMs,
    stopping: stopping.signal,
    abandoning: abandoning.signal,
    positioned: new Set<string>(),
    log: consumerLog,
  };
  const firstFetch = firstFetchWatch(groupId);

  /** A kafkajs consumer, joined and running; one that crashes for good is replaced by a new one. */
  async function open(): Promise<KafkaJSConsumer> {
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: settings.sessionTimeoutMs,
      rebalanceTimeout: settings.rebalanceTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      maxWaitTimeInMs: settings.maxWaitMs,
      allowAutoTopicCreation: false,
      // Also the pace of redelivery after a rejected handler; past the last retry kafkajs restarts the consumer.
      retry: { retries: 10, initialRetryTime: 200, maxRetryTime: 5_000, factor: 0.2, multiplier: 2 },
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || stopping.signal.aborted) return;
      // kafkajs gives up after a long outage (its retries exhausted): a consumer must come back by itself.
      consumerLog.error({ err: payload.error, topics }, 'Kafka consumer crashed; starting a new one');
      setTimeout(() => void replace(), RESTART_DELAY_MS).unref();
    });
    firstFetch.watch(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? false });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: settings.partitionsConsumedConcurrently,
      eachBatch: (payload) => handleKafkaBatch(payload, context),
    });
    return consumer;
  }

  let current: KafkaJSConsumer | undefined;
  async function replace(): Promise<void> {
    if (stopping.signal.aborted) return;
    await current?.disconnect().catch(() => {});
    try {
      current = await open();
    } catch (error) {
      consumerLog.warn({ err: error, topics }, 'Kafka consumer could not start again yet; trying again');
      setTimeout(() => void replace(), RESTART_DELAY_MS).unref();
    }
  }

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping.abort();
      const grace = setTimeout(() => abandoning.abort(), settings.stopGraceMs);
      try {
        await current?.disconnect();
      } finally {
        clearTimeout(grace);
      }
    })();
    return stopped;
  };

  try {
    current = await open();
    await firstFetch.within(settings.startTimeoutMs);
  } catch (error) {
    await stop().catch(() => {});
    throw error instanceof RetryableError ? error : classifyKafkaError(error, `cannot consume ${topics.join(', ')}`, { groupId });
  }
  return { stop };
}
