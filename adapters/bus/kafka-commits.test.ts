import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { consumerCommits, type CommitOffsets } from './kafka-commits.ts';

/** The commits asked of kafkajs, as `topic:partition@offset`. */
function recorder() {
  const committed: string[] = [];
  let failNext = false;
  const commit: CommitOffsets = async (offsets) => {
    if (failNext) {
      failNext = false;
      throw new Error('the group is rebalancing');
    }
    for (const { topic, partitions } of offsets!.topics) for (const p of partitions) committed.push(`${topic}:${p.partition}@${p.offset}`);
  };
  return { committed, commit, failOnce: () => (failNext = true) };
}

describe("a consumer's commits across batches", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const log = createLogger('silent');

  it("commits a partition's first position at once, then at most once per interval, the last progress by a timer", async () => {
    const commits = consumerCommits(1_000, log);
    const { committed, commit } = recorder();
    expect(commits.isPositioned('t', 0)).toBe(false);
    await commits.progress('t', 0, '0', commit, true);
    expect(commits.isPositioned('t', 0)).toBe(true);
    await commits.progress('t', 0, '5', commit, false);
    await commits.progress('t', 0, '9', commit, false);
    expect(committed).toEqual(['t:0@0']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(committed).toEqual(['t:0@0', 't:0@9']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(committed).toEqual(['t:0@0', 't:0@9']);
  });

  it('commits at once when the last commit is an interval old, or when forced', async () => {
    const commits = consumerCommits(1_000, log);
    const { committed, commit } = recorder();
    await commits.progress('t', 1, '3', commit, true);
    vi.advanceTimersByTime(1_500);
    await commits.progress('t', 1, '7', commit, false);
    await commits.progress('t', 1, '8', commit, true);
    expect(committed).toEqual(['t:1@3', 't:1@7', 't:1@8']);
  });

  it('flushes every partition not committed yet, and goes on after a commit that failed', async () => {
    const commits = consumerCommits(1_000, log);
    const { committed, commit, failOnce } = recorder();
    await commits.progress('t', 0, '1', commit, true);
    await commits.progress('t', 1, '1', commit, true);
    await commits.progress('t', 0, '4', commit, false);
    await commits.progress('t', 1, '6', commit, false);
    failOnce();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(committed).toEqual(['t:0@1', 't:1@1', 't:1@6']);
    await commits.flush();
    expect(committed).toEqual(['t:0@1', 't:1@1', 't:1@6', 't:0@4']);
    await commits.flush();
    expect(committed).toHaveLength(4);
  });
});
