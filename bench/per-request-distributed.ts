import { Kafka, logLevel } from 'kafkajs';
import { createPgClient } from '../adapters/db/pg.ts';
import type { Counting } from './per-request.ts';

/**
 * PostgreSQL's statistics reach pg_stat_database when a backend ends a transaction at least a second after its
 * last report, or after 10 s idle (PostgreSQL 15): a pause this long lets every backend's count arrive.
 */
const STATS_SETTLE_MS = 11_000;

/**
 * Distributed mode's totals, server-wide: PostgreSQL transactions (committed or rolled back) and rows inserted,
 * updated or deleted, over every database of the server; messages produced to the run's topics, and offset
 * commits (messages of __consumer_offsets).
 */
export function serverCounting(options: { databaseUrl: string; brokers: string; topicPrefix: string }): Counting {
  const db = createPgClient(options.databaseUrl, 1);
  const admin = new Kafka({ brokers: options.brokers.split(','), clientId: 'kith-bench-counts', logLevel: logLevel.NOTHING }).admin();
  const connected = admin.connect();

  async function producedTo(topics: string[]): Promise<number> {
    const offsets = await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
    return offsets.flat().reduce((sum, partition) => sum + Number(partition.high), 0);
  }

  return {
    settleMs: STATS_SETTLE_MS,
    async read() {
      await connected;
      const runTopics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${options.topicPrefix}.`));
      const [[pg], kafkaMessages, kafkaOffsetCommits] = await Promise.all([
        db.query<{ transactions: string; written: string }>(
          `SELECT sum(xact_commit + xact_rollback) AS transactions, sum(tup_inserted + tup_updated + tup_deleted) AS written
           FROM pg_stat_database`,
        ),
        producedTo(runTopics),
        producedTo(['__consumer_offsets']),
      ]);
      return { pgTransactions: Number(pg!.transactions), pgRowsWritten: Number(pg!.written), kafkaMessages, kafkaOffsetCommits };
    },
    async close() {
      await Promise.all([db.close(), admin.disconnect()]);
    },
  };
}
