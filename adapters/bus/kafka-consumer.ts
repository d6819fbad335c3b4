import type { Consumer as KafkaJSConsumer, Kafka } from 'kafkajs';
import { RetryableError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { handleKafkaBatch } from './kafka-batch.ts';
import { classifyKafkaError } from './kafka-errors.ts';
import type { Consumer, ConsumerOptions } from './port.ts';

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

/** Resolves on the consumer's first fetch: by then it has joined its group and knows where to start. */
function firstFetch(consumer: KafkaJSConsumer, timeoutMs: number, groupId: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      remove();
      reject(new RetryableError(`the consumer did not join group ${groupId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const remove = consumer.on(consumer.events.FETCH, () => {
      clearTimeout(timer);
      remove();
      resolve();
    });
  });
}

/**
 * One kafkajs consumer with manual offsets (see kafka-batch.ts for how a batch is handled and committed).
 * consume() resolves once the consumer has joined its group and fetched once, so that whatever is
 * published afterwards reaches it (or another member of its group).
 */
export async function startKafkaConsumer(kafka: Kafka, options: ConsumerOptions, settings: KafkaConsumerSettings, log: Logger): Promise<Consumer> {
  const { groupId, topics } = options;
  const consumerLog = log.child({ groupId });
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
    if (!payload.restart) consumerLog.error({ err: payload.error, topics }, 'Kafka consumer crashed and will not restart');
  });
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

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping.abort();
      const grace = setTimeout(() => abandoning.abort(), settings.stopGraceMs);
      try {
        await consumer.disconnect();
      } finally {
        clearTimeout(grace);
      }
    })();
    return stopped;
  };

  try {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? false });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: settings.partitionsConsumedConcurrently,
      eachBatch: (payload) => handleKafkaBatch(payload, context),
    });
    // The first fetch needs a round trip to the broker, so it cannot have happened before this listens.
    await firstFetch(consumer, settings.startTimeoutMs, groupId);
  } catch (error) {
    await stop().catch(() => {});
    throw error instanceof RetryableError ? error : classifyKafkaError(error, `cannot consume ${topics.join(', ')}`, { groupId });
  }
  return { stop };
}
