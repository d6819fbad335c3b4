import type { Kafka, Message, Producer } from 'kafkajs';
import { PermanentError, RetryableError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { classifyKafkaError } from './kafka-errors.ts';
import { murmur2Partitioner } from './kafka-partitioner.ts';
import type { BusMessage } from './port.ts';

export type BatchingProducerOptions = {
  kafka: Kafka;
  log: Logger;
  /** How long the first publish of a batch waits for others to join it. */
  lingerMs: number;
  /** A batch is sent at once when it reaches this size; a larger single publish goes alone. */
  maxBatchBytes: number;
  /** A publish not acknowledged by then is rejected with RetryableError. */
  publishTimeoutMs: number;
};

export type BatchingProducer = {
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  /**
   * Connects, and loads the topics' partitions and leaders, so that the first publish to them pays for
   * none of it (on a busy machine that alone can outlast the publish timeout).
   */
  prepare(topics: string[]): Promise<void>;
  /** Sends what is queued, then disconnects. */
  close(): Promise<void>;
};

type Entry = {
  topic: string;
  messages: Message[];
  bytes: number;
  /** Settles the caller's promise once; later outcomes (after a timeout) are ignored. */
  settle(error?: Error): void;
};

const sizeOf = (message: BusMessage) =>
  Buffer.byteLength(message.key) +
  Buffer.byteLength(message.value) +
  Object.entries(message.headers ?? {}).reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value), 0);

/**
 * Publishes through one idempotent kafkajs producer, one produce request at a time: publishes made while a
 * request is in flight, or within `lingerMs` of the first, go together in the next request. Each caller's
 * promise settles with its request (acks from all in-sync replicas) or fails after `publishTimeoutMs`.
 *
 * After a failed request the producer is replaced: the broker may have stored part of it, so the old
 * producer's sequence numbers are unknown, and a fresh producer id starts clean. This is also how the
 * producer reconnects when the broker comes back.
 */
export function createBatchingProducer(options: BatchingProducerOptions): BatchingProducer {
  const { kafka, log, lingerMs, maxBatchBytes, publishTimeoutMs } = options;
  const queue: Entry[] = [];
  let queuedBytes = 0;
  let lingering: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  let current: { producer: Producer; connected: Promise<void> } | undefined;
  let closed = false;
  /** Whether the last request failed for a reason worth retrying. */
  let failing = false;

  function connectedProducer(): Promise<Producer> {
    if (!current) {
      const producer = kafka.producer({
        createPartitioner: murmur2Partitioner,
        idempotent: true,
        allowAutoTopicCreation: false,
        retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 1000, factor: 0.2, multiplier: 2 },
      });
      current = { producer, connected: producer.connect() };
    }
    const { producer, connected } = current;
    return connected.then(() => producer);
  }

  function replaceProducer() {
    const retired = current;
    current = undefined;
    retired?.producer.disconnect().catch((error: unknown) => log.debug({ err: error }, 'retired Kafka producer did not disconnect cleanly'));
  }

  /** Logs each publish Kafka refused, and when publishing starts or stops failing (not every failure). */
  function noteOutcome(failure?: Error) {
    if (failure instanceof PermanentError) return log.warn({ err: failure }, 'Kafka refused a publish');
    if (failure && !failing) log.error({ err: failure }, 'Kafka publishes are failing');
    if (!failure && failing) log.info('Kafka acknowledges publishes again');
    failing = failure !== undefined;
  }

  /** Takes the first entry, then more while the batch stays under `maxBatchBytes`. */
  function takeBatch(): Entry[] {
    let bytes = 0;
    let count = 0;
    while (count < queue.length && (count === 0 || bytes + queue[count]!.bytes <= maxBatchBytes)) bytes += queue[count++]!.bytes;
    const batch = queue.splice(0, count);
    queuedBytes -= bytes;
    return batch;
  }

  async function send(batch: Entry[]) {
    const topicMessages = new Map<string, Message[]>();
    for (const entry of batch) {
      const messages = topicMessages.get(entry.topic) ?? [];
      messages.push(...entry.messages);
      topicMessages.set(entry.topic, messages);
    }
    let deadline: NodeJS.Timeout | undefined;
    try {
      const acknowledged = connectedProducer().then((producer) =>
        producer.sendBatch({
          acks: -1,
          timeout: publishTimeoutMs,
          topicMessages: [...topicMessages].map(([topic, messages]) => ({ topic, messages })),
        }),
      );
      const timedOut = new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new RetryableError(`Kafka did not acknowledge within ${publishTimeoutMs} ms`)), publishTimeoutMs);
      });
      await Promise.race([acknowledged, timedOut]);
      for (const entry of batch) entry.settle();
      noteOutcome();
    } catch (error) {
      replaceProducer();
      const failure = classifyKafkaError(error, 'publish failed', { topics: [...topicMessages.keys()] });
      for (const entry of batch) entry.settle(failure);
      noteOutcome(failure);
    } finally {
      clearTimeout(deadline);
    }
  }

  /**
   * Sends batches one after another until the queue is empty. A publish made after the loop saw the queue empty
   * but before it let go of `sending` is sent by a flush of its own: `enqueue` left it to the loop.
   */
  function flush() {
    clearTimeout(lingering);
    lingering = undefined;
    if (sending || queue.length === 0) return;
    sending = (async () => {
      while (queue.length > 0) await send(takeBatch());
    })().finally(() => {
      sending = undefined;
      flush();
    });
  }

  /** A publish that fails by itself after `publishTimeoutMs`, whether it is still queued or in flight. */
  function newEntry(topic: string, messages: BusMessage[], done: (error?: Error) => void): Entry {
    let settled = false;
    const entry: Entry = {
      topic,
      messages: messages.map(({ key, value, headers }) => ({ key, value, headers })),
      bytes: messages.reduce((sum, message) => sum + sizeOf(message), 0),
      settle(error) {
        if (settled) return;
        settled = true;
        clearTimeout(expiry);
        done(error);
      },
    };
    const expiry = setTimeout(() => {
      const index = queue.indexOf(entry);
      if (index >= 0) {
        queue.splice(index, 1);
        queuedBytes -= entry.bytes;
      }
      entry.settle(new RetryableError(`Kafka did not acknowledge within ${publishTimeoutMs} ms`, { context: { topic } }));
    }, publishTimeoutMs);
    return entry;
  }

  function enqueue(entry: Entry) {
    queue.push(entry);
    queuedBytes += entry.bytes;
    if (sending) return;
    if (queuedBytes >= maxBatchBytes) flush();
    else lingering ??= setTimeout(flush, lingerMs);
  }

  return {
    publish(topic, messages) {
      if (closed) return Promise.reject(new RetryableError('the Kafka bus is closed'));
      if (messages.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => enqueue(newEntry(topic, messages, (error) => (error ? reject(error) : resolve()))));
    },
    async prepare(topics) {
      try {
        const producer = await connectedProducer();
        // kafkajs loads the metadata of every topic of a batch before it sends; with no messages it sends nothing.
        await producer.sendBatch({ acks: -1, topicMessages: topics.map((topic) => ({ topic, messages: [] })) });
      } catch (error) {
        replaceProducer();
        throw classifyKafkaError(error, 'cannot prepare publishing', { topics });
      }
    },
    async close() {
      closed = true;
      flush();
      await sending;
      await current?.producer.disconnect();
      current = undefined;
    },
  };
}
