import { Kafka, logLevel } from 'kafkajs';

/**
 * Deletes the topics a bench run made under its own prefix (`<prefix>.…`), so that runs don't pile up
 * partitions on the broker (a broker with thousands of them spends its time electing leaders). Returns how
 * many were deleted; a failure is the caller's to report, as the run's figures stand without it.
 */
export async function deleteTopicsOf(brokers: string, prefix: string): Promise<number> {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'kith-bench', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    return topics.length;
  } finally {
    await admin.disconnect();
  }
}
