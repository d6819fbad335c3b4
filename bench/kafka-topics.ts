import { deleteTopicsUnder } from '../test/support/kafka-topics.ts';

/** Deletes the topics a bench run made under its own prefix. A failure is reported, not thrown: the run's figures stand without it. */
export async function deleteRunTopics(brokers: string, prefix: string, progress: (line: string) => void): Promise<void> {
  try {
    progress(`deleted the run's ${await deleteTopicsUnder(brokers, prefix)} Kafka topics`);
  } catch (error) {
    progress(`warning: the run's Kafka topics (${prefix}.*) could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
  }
}
