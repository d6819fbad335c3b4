import type { Admin } from 'kafkajs';

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

/** A group's lag on one topic, read with two admin requests: the topic's high watermarks and the group's commits. */
export async function groupLag(admin: Admin, groupId: string, topic: string): Promise<number> {
  const [ends, offsets] = await Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId, topics: [topic] })]);
  return lagOf(ends, offsets.find((entry) => entry.topic === topic)?.partitions ?? []);
}
