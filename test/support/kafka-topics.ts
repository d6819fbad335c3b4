import { Kafka, logLevel } from 'kafkajs';

/**
 * Deletes the topics made under a prefix (`<prefix>.…`), by a bench run or by a test's Kith, so that runs don't
 * pile up partitions on a long-lived broker: one with thousands of them spends its time electing leaders, and
 * at some 13,000 ran out of heap. Answers how many it deleted.
 */
export async function deleteTopicsUnder(brokers: string, prefix: string): Promise<number> {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'kith-topic-cleanup', logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    return topics.length;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}
