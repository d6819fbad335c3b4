import kafkajs, { type EachBatchPayload, type IHeaders, type KafkaMessage } from 'kafkajs';
import type { Logger } from '../logger.ts';
import { handleInOrder } from './in-order.ts';
import type { ConsumedMessage, ConsumerOptions } from './port.ts';

export type BatchContext = {
  handle: ConsumerOptions['handle'];
  concurrency: number;
  heartbeatIntervalMs: number;
  /** During a long batch, handled messages are committed at most this often (and always at its end). */
  commitIntervalMs: number;
  /** Aborted when the consumer stops: no further message is started. */
  stopping: AbortSignal;
  /** Aborted when the stop's grace period is over: the messages in hand are no longer waited for. */
  abandoning: AbortSignal;
  /** Partitions whose starting position this consumer has committed (Kafka forgets an uncommitted one). */
  positioned: Set<string>;
  log: Logger;
};

/** A rejected handler, marked retriable: kafkajs fetches the partition again from the last resolved offset. */
class HandlerRejected extends kafkajs.KafkaJSError {
  override readonly name = 'HandlerRejected';
}

function decodeHeaders(headers: IHeaders = {}): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) decoded[name] = last.toString();
  }
  return decoded;
}

const toConsumed = (topic: string, partition: number, message: KafkaMessage): ConsumedMessage => ({
  topic,
  partition,
  offset: message.offset,
  key: message.key?.toString() ?? '',
  value: message.value?.toString() ?? '',
  headers: decodeHeaders(message.headers),
});

/** Commits a partition's position, skipping repeats and (unless forced) commits sooner than `intervalMs`. */
function partitionCommitter(payload: EachBatchPayload, intervalMs: number) {
  const { topic, partition } = payload.batch;
  let committed: string | undefined;
  let committedAt = Date.now();
  return async (next: string, force: boolean) => {
    if (next === committed || (!force && Date.now() - committedAt < intervalMs)) return;
    await payload.commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: next }] }] });
    committed = next;
    committedAt = Date.now();
  };
}

/** Heartbeats while a batch runs; a failed heartbeat (mostly: the group is rebalancing) halts the batch. */
function heartbeatWhileRunning(payload: EachBatchPayload, intervalMs: number, halt: AbortController) {
  let failure: unknown;
  const timer = setInterval(() => {
    payload.heartbeat().catch((error: unknown) => {
      failure ??= error;
      halt.abort();
    });
  }, intervalMs);
  return { failure: () => failure, stop: () => clearInterval(timer) };
}

/**
 * One fetched batch of one partition: messages handled up to `concurrency` at once, an offset resolved and
 * committed only once it and every earlier message are handled. A rejected handler, a stop or a rebalance
 * ends the batch after the messages in hand; the handled prefix is committed, and after a rejection the
 * batch throws so that kafkajs fetches the partition again from the rejected message.
 */
export async function handleKafkaBatch(payload: EachBatchPayload, context: BatchContext): Promise<void> {
  const { topic, partition, messages } = payload.batch;
  if (messages.length === 0) return;
  const commit = partitionCommitter(payload, context.commitIntervalMs);
  const nextAfter = (index: number) => (BigInt(messages[index]!.offset) + 1n).toString();
  const halt = new AbortController();
  const onStop = () => halt.abort();
  context.stopping.addEventListener('abort', onStop);
  if (context.stopping.aborted) halt.abort();
  const heartbeats = heartbeatWhileRunning(payload, context.heartbeatIntervalMs, halt);
  try {
    if (!context.positioned.has(`${topic}:${partition}`)) {
      await commit(messages[0]!.offset, true);
      context.positioned.add(`${topic}:${partition}`);
    }
    const result = await handleInOrder(messages, {
      concurrency: context.concurrency,
      handle: (message) => context.handle(toConsumed(topic, partition, message)),
      async onProgress(handledPrefix) {
        payload.resolveOffset(messages[handledPrefix - 1]!.offset);
        await commit(nextAfter(handledPrefix - 1), false);
      },
      halt: halt.signal,
      abandon: context.abandoning,
    });
    if (result.handledPrefix > 0) await commit(nextAfter(result.handledPrefix - 1), true);
    if (result.failure) {
      const offset = messages[result.failure.index]!.offset;
      context.log.warn({ err: result.failure.error, topic, partition, offset }, 'bus handler rejected; the message will come again');
      throw new HandlerRejected(`handler rejected ${topic}/${partition}@${offset}`, { retriable: true });
    }
    if (heartbeats.failure()) throw heartbeats.failure();
  } finally {
    heartbeats.stop();
    context.stopping.removeEventListener('abort', onStop);
  }
}
