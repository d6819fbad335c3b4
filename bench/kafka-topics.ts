import { Kafka, logLevel } from 'kafkajs';

/**
 * Deletes the topics a bench run made under its own prefix (`<prefix>.…`), so that runs don't pile up
 * partitions on the broker (a broker with thousands of them spends its time electing leaders). A failure is
 * reported, not thrown: the run's figures stand without it.
 */
export async function deleteRunTopics(brokers: string, prefix: string, progress: (line: string) => void): Promise<void> {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'kith-bench', logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    progress(`deleted the run's ${topics.length} Kafka topics`);
  } catch (error) {
    progress(`warning: the run's Kafka topics (${prefix}.*) could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}
