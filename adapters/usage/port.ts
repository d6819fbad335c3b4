/**
 * Where usage is counted: ClickHouse in the distributed mode, the SQL database in the embedded mode, with the
 * same semantics (checked by test/adapters/usage-store-conformance.test.ts).
 *
 * Exactly-once counting: the usage worker writes each batch of events together with the bus positions they
 * came from (topic, partition, offset) in one atomic write; after a crash it asks `lastOffsets` and skips
 * the events already written, so nothing is lost and nothing is counted twice.
 */
export const USAGE_OUTCOMES = ['match', 'miss', 'ok', 'queued', 'error'] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];

export type UsageEvent = {
  eventId: string;
  accountId: string;
  /** The v3 operation, e.g. `person.enrich`. */
  operation: string;
  outcome: UsageOutcome;
  /** When the request was answered. */
  at: Date;
  /** Where the event came from on the bus. */
  source: { topic: string; partition: number; offset: string };
};

export type UsageCount = { operation: string; outcome: UsageOutcome; count: number };

export type DailyUsage = UsageCount & { day: string };

/** An account's usage over UTC days `from` to `to`, both included (YYYY-MM-DD). */
export type UsageRangeQuery = { accountId: string; from: string; to: string };

export interface UsageStore {
  /** Creates what the store needs (tables, views), safely when several processes start at once. */
  prepare(): Promise<void>;
  /** Writes the events in one atomic write: all of them are counted, or none. */
  record(events: UsageEvent[]): Promise<void>;
  /** The highest offset written per partition of `topic` (decimal strings); partitions never written are absent. */
  lastOffsets(topic: string): Promise<Map<number, string>>;
  /** Counts per operation and outcome for the account, over UTC days `from` to `to`, both included (YYYY-MM-DD). */
  totals(accountId: string, from: string, to: string): Promise<UsageCount[]>;
  /** `totals` of each range, in the order asked, read in one query. */
  totalsMany(ranges: readonly UsageRangeQuery[]): Promise<UsageCount[][]>;
  /** The same, per day (for charts). */
  daily(accountId: string, from: string, to: string): Promise<DailyUsage[]>;
  close(): Promise<void>;
}
