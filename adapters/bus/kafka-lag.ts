import { setTimeout as delay } from 'node:timers/promises';
import type { Admin } from 'kafkajs';
import { withRetries, type RetryPolicy } from '../retry.ts';

/** What a group has not committed yet on a topic: per partition, the high watermark less its committed offset. */
export function lagOf(
  ends: readonly { partition: number; high: string; low: string }[],
  committed: readonly { partition: number; offset: string }[],
): number {
  const at = new Map(committed.map(({ partition, offset }) => [partition, BigInt(offset)]));
  let lag = 0n;
  for (const { partition, high, low } of ends) {
    // No commit yet (-1), or one below what retention kept: the group starts from the oldest kept message.
    const position = at.get(partition) ?? -1n;
    const from = position < BigInt(low) ? BigInt(low) : position;
    if (BigInt(high) > from) lag += BigInt(high) - from;
  }
  return Number(lag);
}

/** Whether Kafka answered that the partition asked has no leader, or another one, at the moment. */
const isLeaderUnsettled = (error: unknown) =>
  error instanceof Error && ['NOT_LEADER_FOR_PARTITION', 'LEADER_NOT_AVAILABLE'].includes((error as { type?: unknown }).type as string);

/**
 * A read asked again while Kafka answers that a partition's leader is not settled (a topic just created, a leader just
 * moved): kafkajs's admin gives up on those at once (a backlog read just after its topic was created failed so).
 * Four reads in all.
 */
export const whileLeadersSettle: RetryPolicy = {
  delaysMs: [100, 200, 300],
  shouldRetry: isLeaderUnsettled,
  sleep: delay,
};

/** A group's lag on one topic, read with two admin requests: the topic's high watermarks and the group's commits. */
export async function groupLag(admin: Admin, groupId: string, topic: string): Promise<number> {
  const [ends, offsets] = await withRetries(
    () => Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId, topics: [topic] })]),
    whileLeadersSettle,
  );
  return lagOf(ends, offsets.find((entry) => entry.topic === topic)?.partitions ?? []);
}
