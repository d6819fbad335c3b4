import type { EventEmitter } from 'node:events';
import type { Logger } from '../logger.ts';
import { slotOf, type EmbeddedBusLog, type StoredMessage } from './embedded-log.ts';
import type { PartitionTails } from './embedded-tail.ts';
import type { ConsumerOptions } from './port.ts';

export type PartitionRunner = {
  /** Stops reading, waits for the messages in hand and commits what was handled. */
  stop(): Promise<void>;
  /** Messages handled and not committed yet: the group's backlog in the database counts them still. */
  uncommitted(): number;
};

export type PartitionRunnerOptions = {
  store: EmbeddedBusLog;
  /** What this process appended lately: read there first. */
  tails: PartitionTails;
  /** Emits a partition's slot (`slotOf`) when messages arrive there, to wake its idle readers. */
  published: EventEmitter;
  log: Logger;
  groupId: string;
  topic: string;
  partition: number;
  consumer: ConsumerOptions;
  retryDelayMs: number;
  /** How long after a batch is handled its position is committed, with those handled meanwhile. */
  commitDelayMs: number;
  /** How long `stop` waits for handlers in hand before leaving their messages uncommitted. */
  stopGraceMs: number;
  /** Resolves when the previous owner of this partition in the group has committed and let go. */
  startAfter: Promise<void>;
};

const FETCH_LIMIT = 100;

/**
 * One group member reading one partition: fetch from the committed offset, handle up to `concurrency`
 * messages at once, commit the handled prefix at most every `commitDelayMs` and when stopping. A rejected
 * handler stops the batch; the partition is read again after the handled prefix after a pause, so the message
 * comes again. A crash forgets what was handled since the last commit, and those messages come again.
 */
export function runPartition(options: PartitionRunnerOptions): PartitionRunner {
  const { store, groupId, topic, partition, consumer } = options;
  const concurrency = Math.max(1, consumer.concurrency ?? 1);
  const stopped = new AbortController();
  /** Set when `stop` gave up waiting: nothing may be committed after that, the next owner reads it again. */
  let abandoned = false;

  const slot = slotOf(topic, partition);
  /**
   * Waits `ms`, or (idle at `idleAt`) until messages arrive in the partition; the stop ends either wait. Messages
   * that arrived since the partition was found idle end the wait at once, so none waits for the next poll.
   */
  function pause(wait: { ms: number } | { idleAt: number }): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        options.published.off(slot, done);
        stopped.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = 'ms' in wait ? setTimeout(done, wait.ms) : undefined;
      stopped.signal.addEventListener('abort', done);
      if ('idleAt' in wait) {
        options.published.on(slot, done);
        if (options.tails.read(slot, wait.idleAt, 1)?.length) done();
      }
    });
  }

  /** The batch in hand and which of its messages were handled, so a stop that gives up can commit those. */
  let inHand: { batch: StoredMessage[]; settled: boolean[] } | undefined;

  /** The offset after the last message of the batch handled without a gap before it. */
  function handledUpTo(batch: StoredMessage[], settled: boolean[]): number {
    const firstUnsettled = settled.indexOf(false);
    return batch[0]!.offset + (firstUnsettled === -1 ? batch.length : firstUnsettled);
  }

  /** Handles a batch; returns the offset after the last message handled without a break before it. */
  async function handleBatch(batch: StoredMessage[]): Promise<{ nextOffset: number; failed: boolean }> {
    const settled: boolean[] = new Array(batch.length).fill(false);
    inHand = { batch, settled };
    let failed = false;
    let cursor = 0;
    async function lane() {
      while (cursor < batch.length && !failed && !stopped.signal.aborted) {
        const index = cursor++;
        const message = batch[index]!;
        try {
          await consumer.handle({ topic, partition, offset: String(message.offset), key: message.key, value: message.value, headers: message.headers });
          settled[index] = true;
        } catch (error) {
          failed = true;
          options.log.warn({ err: error, topic, partition, offset: message.offset, groupId }, 'bus handler rejected; will redeliver');
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    inHand = undefined;
    return { nextOffset: handledUpTo(batch, settled), failed };
  }

  /** The offset committed in the database, and the one after the last message handled without a gap. */
  let committed: number | undefined;
  let handled: number | undefined;
  let commitTimer: NodeJS.Timeout | undefined;
  let committing = Promise.resolve();

  /** Commits what was handled, after the commits before it; a failed commit is tried again after the delay. */
  function commitHandled(): Promise<void> {
    clearTimeout(commitTimer);
    commitTimer = undefined;
    committing = committing.then(async () => {
      const upTo = handled;
      if (upTo === undefined || upTo <= (committed ?? -1) || abandoned) return;
      try {
        await store.commit(groupId, topic, partition, upTo);
        committed = upTo;
      } catch (error) {
        options.log.warn({ err: error, topic, partition, groupId }, 'bus commit failed; trying again');
        if (!stopped.signal.aborted) commitTimer ??= setTimeout(() => void commitHandled(), options.commitDelayMs);
      }
    });
    return committing;
  }

  /** One fetch and its handling, from `offset`; `idle` when nothing was waiting. */
  async function step(offset: number): Promise<{ offset: number; idle: boolean; failed: boolean }> {
    const batch = options.tails.read(slot, offset, FETCH_LIMIT) ?? (await store.read(topic, partition, offset, FETCH_LIMIT));
    if (batch.length === 0) return { offset, idle: true, failed: false };
    const { nextOffset, failed } = await handleBatch(batch);
    if (nextOffset > offset) {
      handled = nextOffset;
      commitTimer ??= setTimeout(() => void commitHandled(), options.commitDelayMs);
    }
    return { offset: nextOffset, idle: false, failed };
  }

  async function loop() {
    await options.startAfter;
    let offset: number | undefined;
    while (!stopped.signal.aborted) {
      try {
        if (offset === undefined) {
          offset = await store.committed(groupId, topic, partition);
          committed = handled = offset;
        }
        const result = await step(offset);
        offset = result.offset;
        if (result.idle) await pause({ idleAt: offset });
        else if (result.failed) await pause({ ms: options.retryDelayMs });
      } catch (error) {
        options.log.error({ err: error, topic, partition, groupId }, 'bus partition read failed; retrying');
        await pause({ ms: options.retryDelayMs });
      }
    }
    await commitHandled();
  }

  const running = loop();
  return {
    async stop() {
      stopped.abort();
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'gave-up'>((resolve) => (timer = setTimeout(() => resolve('gave-up'), options.stopGraceMs)));
      const outcome = await Promise.race([running, gaveUp]);
      clearTimeout(timer);
      if (outcome !== 'gave-up') return;
      // Handlers still hang: keep what was handled before them, leave the rest to come again.
      abandoned = true;
      clearTimeout(commitTimer);
      await committing;
      const held = inHand;
      const upTo = held ? handledUpTo(held.batch, held.settled) : handled;
      if (upTo !== undefined && upTo > (committed ?? -1)) await store.commit(groupId, topic, partition, upTo);
    },
    uncommitted: () => (handled ?? 0) - (committed ?? 0),
  };
}
