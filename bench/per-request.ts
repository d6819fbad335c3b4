import { Kafka, logLevel } from 'kafkajs';
import { createPgClient } from '../adapters/db/pg.ts';
import { fixedRate, type LoadTarget } from './load.ts';

/** What one request costs in PostgreSQL and Kafka work, on average over a counted batch (distributed mode). */
export type PerRequestCounts = {
  /** Requests answered 2xx in the counted batch. */
  requests: number;
  /** PostgreSQL transactions (committed or rolled back), every database of the server. */
  pgTransactions: number;
  /** Rows inserted, updated or deleted. */
  pgRowsWritten: number;
  /** Messages produced to the run's topics. */
  kafkaMessages: number;
  /** Offset commits (messages of __consumer_offsets). */
  kafkaOffsetCommits: number;
};

type Totals = Omit<PerRequestCounts, 'requests'>;

export type CountingOptions = { databaseUrl: string; brokers: string; topicPrefix: string; rate: number; durationS: number };

/**
 * PostgreSQL's statistics reach pg_stat_database when a backend ends a transaction at least a second after its
 * last report, or after 10 s idle (PostgreSQL 15): a pause this long lets every backend's count arrive.
 */
const STATS_SETTLE_MS = 11_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Snapshots of the server-wide counters the counts are differences of. */
function counters(options: CountingOptions) {
  const db = createPgClient(options.databaseUrl, 1);
  const admin = new Kafka({ brokers: options.brokers.split(','), clientId: 'kith-bench-counts', logLevel: logLevel.NOTHING }).admin();
  const connected = admin.connect();

  async function producedTo(topics: string[]): Promise<number> {
    const offsets = await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
    return offsets.flat().reduce((sum, partition) => sum + Number(partition.high), 0);
  }

  return {
    async read(): Promise<Totals> {
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

const COUNTED: (keyof Totals)[] = ['pgTransactions', 'pgRowsWritten', 'kafkaMessages', 'kafkaOffsetCommits'];

/** The four counters, each made by `each`. */
const eachCounter = (each: (key: keyof Totals) => number): Totals =>
  Object.fromEntries(COUNTED.map((key) => [key, each(key)])) as Totals;

const minus = (a: Totals, b: Totals): Totals => eachCounter((key) => a[key] - b[key]);

const round = (value: number) => Math.round(value * 100) / 100;

/** Per request: the batch's counts less the idle rate over the batch's time, shared by the requests answered. */
export function perRequestOf(idle: { totals: Totals; ms: number }, batch: { totals: Totals; ms: number; requests: number }): PerRequestCounts {
  const share = (key: keyof Totals) => round(Math.max(0, batch.totals[key] - (idle.totals[key] * batch.ms) / idle.ms) / Math.max(1, batch.requests));
  return { requests: batch.requests, ...eachCounter(share) };
}

/**
 * The PostgreSQL transactions, rows written, Kafka messages and offset commits of one request of `target`: counted
 * over a batch at a fixed rate, less what the processes do idle (polls, the backlog gate) over as long, measured
 * just before. Every other process of the run stays idle meanwhile.
 */
export async function countPerRequest(target: LoadTarget, options: CountingOptions): Promise<PerRequestCounts> {
  const counting = counters(options);
  try {
    const idleStart = await counting.read();
    const idleStartedAt = Date.now();
    await sleep(options.durationS * 1000 + STATS_SETTLE_MS);
    const idleEnd = await counting.read();
    const batchStartedAt = Date.now();
    const batch = await fixedRate(target, { connections: 10, durationS: options.durationS, rate: options.rate, phases: 10 });
    await sleep(STATS_SETTLE_MS);
    const batchEnd = await counting.read();
    return perRequestOf(
      { totals: minus(idleEnd, idleStart), ms: batchStartedAt - idleStartedAt },
      { totals: minus(batchEnd, idleEnd), ms: Date.now() - batchStartedAt, requests: batch.ok },
    );
  } finally {
    await counting.close();
  }
}
