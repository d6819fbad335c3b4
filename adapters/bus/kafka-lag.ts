import { Kafka, type Admin } from 'kafkajs';
import type { Logger } from '../logger.ts';
import type { LagReading } from '../metrics/port.ts';
import { kafkaLogCreator, kafkaLogLevels } from './kafka-log.ts';

export type Subscription = { group: string; topic: string };

export type KafkaLagOptions = { brokers: string[]; clientId: string; log: Logger };

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

/**
 * Reads consumer lag from Kafka with an admin client of its own (groupLag per subscription), for the metrics at
 * scrape time.
 */
export function kafkaConsumerLag(options: KafkaLagOptions) {
  const kafka = new Kafka({
    brokers: options.brokers,
    clientId: options.clientId,
    requestTimeout: 2_000,
    connectionTimeout: 1_000,
    retry: { retries: 0 },
    logLevel: kafkaLogLevels.warn,
    logCreator: kafkaLogCreator(options.log),
  });
  let admin: Promise<Admin> | undefined;
  function connected(): Promise<Admin> {
    if (!admin) {
      const created = kafka.admin();
      admin = created.connect().then(() => created);
      admin.catch(() => (admin = undefined)); // tried again at the next scrape
    }
    return admin;
  }
  return {
    async read(subscriptions: readonly Subscription[]): Promise<LagReading[]> {
      const client = await connected();
      return Promise.all(
        subscriptions.map(async ({ group, topic }) => ({ group, topic, lag: await groupLag(client, group, topic) })),
      );
    },
    async close() {
      const open = await admin?.catch(() => undefined);
      await open?.disconnect();
    },
  };
}
