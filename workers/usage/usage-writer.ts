import type { Bus, ConsumedMessage, Consumer } from '../../adapters/bus/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { UsageEvent, UsageStore } from '../../adapters/usage/port.ts';
import { decodeEvent } from '../../schemas/events/decode.ts';
import { UsageRecorded } from '../../schemas/events/usage-recorded.ts';
import type { TopicNames } from '../../schemas/events/topics.ts';

export type UsageWriterOptions = {
  bus: Bus;
  store: UsageStore;
  topics: TopicNames;
  log: Logger;
  /** A batch is written when it holds this many events... */
  maxBatch?: number;
  /** ...or this long after its first event arrived. */
  maxWaitMs?: number;
};

type Waiting = { event: UsageEvent; written(): void; failed(error: unknown): void };

/**
 * Counts usage events into the usage store in batches (never one write per request). A message's handler
 * resolves only once its batch is written, so the bus commits nothing unwritten; the store keeps the bus
 * positions of what it wrote, and after a crash the events already written are skipped: exact counts.
 */
export async function startUsageWriter(options: UsageWriterOptions): Promise<Consumer> {
  const maxBatch = options.maxBatch ?? 10_000;
  const maxWaitMs = options.maxWaitMs ?? 1000;
  const topic = options.topics.usage;
  const log = options.log.child({ worker: 'usage-writer' });
  let written = new Map<number, string>();
  /** The last offset handed to this process per partition: a jump means the partition came from elsewhere. */
  const lastSeen = new Map<number, bigint>();
  let refreshing: Promise<void> | undefined;
  let batch: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const taken = batch;
    batch = [];
    if (taken.length === 0) return;
    try {
      await options.store.record(taken.map((waiting) => waiting.event));
      for (const { event } of taken) {
        const previous = BigInt(written.get(event.source.partition) ?? '-1');
        if (BigInt(event.source.offset) > previous) written.set(event.source.partition, event.source.offset);
      }
      for (const waiting of taken) waiting.written();
    } catch (error) {
      log.error({ err: error, events: taken.length }, 'usage batch not written; the bus delivers it again');
      for (const waiting of taken) waiting.failed(error);
    }
  }

  /**
   * When a partition's messages do not follow on from the last one seen here (a rebalance handed it over, or
   * the bus delivers again after a crash), re-read what the store has written before trusting the cache.
   */
  async function refreshIfJumped(message: ConsumedMessage) {
    const offset = BigInt(message.offset);
    const previous = lastSeen.get(message.partition);
    lastSeen.set(message.partition, offset);
    const followsOn = previous !== undefined && offset === previous + 1n;
    if (!followsOn) refreshing ??= options.store.lastOffsets(topic).then(
      (offsets) => {
        written = offsets;
        refreshing = undefined;
      },
      (error: unknown) => {
        refreshing = undefined;
        throw error;
      },
    );
    // Messages that follow on also wait for a refresh under way: the cache is not to be trusted until it ends.
    if (refreshing) await refreshing;
  }

  function alreadyWritten(message: ConsumedMessage): boolean {
    const last = written.get(message.partition);
    return last !== undefined && BigInt(message.offset) <= BigInt(last);
  }

  function decode(message: ConsumedMessage): UsageEvent | undefined {
    const recorded = decodeEvent(UsageRecorded, message.value);
    if (!recorded) return undefined;
    const { at, ...rest } = recorded;
    return { ...rest, at: new Date(at), source: { topic, partition: message.partition, offset: message.offset } };
  }

  const consumer = await options.bus.consume({
    groupId: options.topics.usageWriterGroup,
    topics: [topic],
    fromBeginning: true,
    // Many events of a partition wait together for one batch write; offsets are still committed in order.
    concurrency: maxBatch,
    async handle(message) {
      await refreshIfJumped(message);
      if (alreadyWritten(message)) return;
      const event = decode(message);
      if (!event) {
        log.warn({ partition: message.partition, offset: message.offset }, 'malformed usage event skipped');
        return;
      }
      return new Promise<void>((resolve, reject) => {
        batch.push({ event, written: resolve, failed: reject });
        if (batch.length >= maxBatch) void flush();
        else timer ??= setTimeout(() => void flush(), maxWaitMs);
      });
    },
  });
  return {
    async stop() {
      await flush();
      await consumer.stop();
    },
  };
}
