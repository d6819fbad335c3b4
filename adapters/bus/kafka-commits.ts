import type { EachBatchPayload } from 'kafkajs';
import type { Logger } from '../logger.ts';

/** A batch's way to commit: kafkajs's, bound to the consumer's group membership. */
export type CommitOffsets = EachBatchPayload['commitOffsetsIfNecessary'];

type PartitionState = {
  topic: string;
  partition: number;
  /** The position to commit: the offset after the last message of an unbroken handled prefix. */
  handled?: string;
  committed?: string;
  committedAt: number;
  commit?: CommitOffsets;
  timer?: NodeJS.Timeout;
  /** Commits of one partition go one after another, so a later position is never overtaken by an earlier one. */
  chain: Promise<void>;
};

export type ConsumerCommits = ReturnType<typeof consumerCommits>;

/**
 * The commits of one consumer's partitions, across its batches: a partition's progress is committed at most once
 * per `intervalMs`, and its last progress by a timer when no batch comes after it, or at once when forced (a
 * partition's first position, a batch that ended early). Committing at the end of every batch, as Kith first did,
 * asked the group coordinator for a commit per fetch of each partition. A position not committed yet is handled
 * again after a crash, as any message after the last commit is (at least once).
 */
export function consumerCommits(intervalMs: number, log: Logger) {
  const partitions = new Map<string, PartitionState>();

  function stateOf(topic: string, partition: number): PartitionState {
    const key = `${topic}:${partition}`;
    let state = partitions.get(key);
    if (!state) partitions.set(key, (state = { topic, partition, committedAt: 0, chain: Promise.resolve() }));
    return state;
  }

  function commitNow(state: PartitionState): Promise<void> {
    clearTimeout(state.timer);
    state.timer = undefined;
    const committing = state.chain.then(async () => {
      const next = state.handled;
      if (next === undefined || next === state.committed) return;
      await state.commit!({ topics: [{ topic: state.topic, partitions: [{ partition: state.partition, offset: next }] }] });
      state.committed = next;
      state.committedAt = Date.now();
    });
    state.chain = committing.catch(() => {});
    return committing;
  }

  function commitLater(state: PartitionState, waitMs: number) {
    state.timer ??= setTimeout(() => {
      state.timer = undefined;
      commitNow(state).catch((error: unknown) => log.debug({ err: error, topic: state.topic, partition: state.partition }, 'a deferred commit failed; its messages may come again'));
    }, waitMs);
    state.timer.unref();
  }

  return {
    /** Whether this consumer has committed a position of the partition: Kafka forgets an uncommitted one. */
    isPositioned: (topic: string, partition: number) => stateOf(topic, partition).committed !== undefined,

    /** `next` is the partition's position to commit: committed now when forced or due, else within `intervalMs`. */
    progress(topic: string, partition: number, next: string, commit: CommitOffsets, force: boolean): Promise<void> {
      const state = stateOf(topic, partition);
      state.handled = next;
      state.commit = commit;
      const sinceLast = Date.now() - state.committedAt;
      if (force || sinceLast >= intervalMs) return commitNow(state);
      commitLater(state, intervalMs - sinceLast);
      return Promise.resolve();
    },

    /** Commits every partition's progress not committed yet: before leaving the group, or as it rebalances. */
    async flush(): Promise<void> {
      const pending = [...partitions.values()].filter((state) => state.handled !== undefined && state.handled !== state.committed);
      await Promise.all(pending.map((state) => commitNow(state)));
    },
  };
}
