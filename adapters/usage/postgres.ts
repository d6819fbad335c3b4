import { z } from 'zod';
import type { SqlClient } from '../db/sql-client.ts';
import { USAGE_OUTCOMES, type DailyUsage, type UsageCount, type UsageRangeQuery, type UsageStore } from './port.ts';
import { countsByRange, type RangedCount } from './ranges.ts';
import { UsageRange, valid } from './validation.ts';

const Event = z.object({
  eventId: z.guid(),
  accountId: z.guid(),
  operation: z.string().min(1).max(128),
  outcome: z.enum(USAGE_OUTCOMES),
  at: z.date(),
  source: z.object({
    topic: z.string().min(1).max(249),
    partition: z.number().int().min(0).max(2 ** 31 - 1),
    offset: z.string().regex(/^(0|[1-9]\d{0,18})$/),
  }),
});

/** How long an event id is remembered: a copy of an event arriving later than this would be counted again. */
export const COUNTED_EVENTS_WINDOW = '7 days';

/**
 * Remembers the batch's event ids and returns the index of each event seen for the first time (within the
 * batch too); a concurrent batch holding the same id waits for this one's commit, then finds it.
 */
const CLAIM_EVENTS = `
  INSERT INTO usage_counted_events (account_id, event_id)
  SELECT DISTINCT account_id, event_id FROM unnest($1::uuid[], $2::uuid[]) AS event (account_id, event_id)
  ORDER BY account_id, event_id
  ON CONFLICT (account_id, event_id) DO NOTHING
  RETURNING account_id::text, event_id::text`;

const PRUNE_EVENTS = `DELETE FROM usage_counted_events WHERE counted_at < now() - interval '${COUNTED_EVENTS_WINDOW}'`;

/** Adds each (account, UTC day, operation, outcome)'s count; rows in key order, so concurrent batches do not deadlock. */
const ADD_COUNTS = `
  INSERT INTO usage_daily (account_id, day, operation, outcome, count)
  SELECT account_id, day, operation, outcome, count(*)
  FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[]) AS event (account_id, day, operation, outcome)
  GROUP BY account_id, day, operation, outcome
  ORDER BY account_id, day, operation, outcome
  ON CONFLICT (account_id, day, operation, outcome) DO UPDATE SET count = usage_daily.count + EXCLUDED.count`;

const RAISE_OFFSETS = `
  INSERT INTO usage_offsets (topic, partition, last_offset)
  SELECT topic, partition, max(position)
  FROM unnest($1::text[], $2::integer[], $3::bigint[]) AS event (topic, partition, position)
  GROUP BY topic, partition
  ORDER BY topic, partition
  ON CONFLICT (topic, partition) DO UPDATE SET last_offset = GREATEST(usage_offsets.last_offset, EXCLUDED.last_offset)`;

const RANGE = 'account_id = $1 AND day >= $2::date AND day <= $3::date';
/** Byte order, as ClickHouse sorts, whatever the database's collation. */
const BY_NAME = 'operation COLLATE "C", outcome COLLATE "C"';

/**
 * Usage in the SQL database (pg or PGlite): daily counts and the last offset per topic partition, both
 * written by one transaction per batch, so a batch is counted entirely or not at all. An event id already
 * counted within the window (COUNTED_EVENTS_WINDOW) is not counted again, whatever its offset. No per-event rows: the
 * counts are all stats.get reads. The tables come with migration 004, so `prepare` has nothing to do.
 */
export function sqlUsageStore(db: SqlClient): UsageStore {
  const range = (accountId: string, from: string, to: string) => {
    const query = valid(UsageRange, { accountId, from, to }, 'usage query');
    return [query.accountId, query.from, query.to];
  };
  let prunedAt = 0;

  /** The ranges unnested and joined to the daily counts. */
  async function totalsMany(ranges: readonly UsageRangeQuery[]): Promise<UsageCount[][]> {
    const queries = ranges.map((query) => valid(UsageRange, query, 'usage query'));
    const rows = await db.query<RangedCount>(
      `SELECT (q.range - 1)::int AS range, u.operation, u.outcome, sum(u.count)::float8 AS count
       FROM unnest($1::uuid[], $2::date[], $3::date[]) WITH ORDINALITY AS q (account_id, first_day, last_day, range)
       JOIN usage_daily u ON u.account_id = q.account_id AND u.day >= q.first_day AND u.day <= q.last_day
       GROUP BY q.range, u.operation, u.outcome ORDER BY q.range, ${BY_NAME}`,
      [queries.map((query) => query.accountId), queries.map((query) => query.from), queries.map((query) => query.to)],
    );
    return countsByRange(rows, queries.length);
  }

  return {
    async prepare() {},
    async record(batch) {
      if (batch.length === 0) return;
      const events = valid(z.array(Event), batch, 'usage events');
      // Outside the batch's transaction and at most once a minute per store, so that writers never queue on it.
      if (Date.now() - prunedAt > 60_000) {
        prunedAt = Date.now();
        await db.query(PRUNE_EVENTS);
      }
      await db.transaction(async (tx) => {
        const claimed = await tx.query<{ account_id: string; event_id: string }>(CLAIM_EVENTS, [
          events.map((event) => event.accountId),
          events.map((event) => event.eventId),
        ]);
        const fresh = new Set(claimed.map((row) => `${row.account_id}/${row.event_id}`));
        const counted = events.filter((event) => fresh.delete(`${event.accountId.toLowerCase()}/${event.eventId.toLowerCase()}`));
        if (counted.length > 0) {
          await tx.query(ADD_COUNTS, [
            counted.map((event) => event.accountId),
            counted.map((event) => event.at.toISOString().slice(0, 10)),
            counted.map((event) => event.operation),
            counted.map((event) => event.outcome),
          ]);
        }
        await tx.query(RAISE_OFFSETS, [
          events.map((event) => event.source.topic),
          events.map((event) => event.source.partition),
          events.map((event) => event.source.offset),
        ]);
      });
    },
    async lastOffsets(topic) {
      const rows = await db.query<{ partition: number; last_offset: string }>(
        'SELECT partition, last_offset::text AS last_offset FROM usage_offsets WHERE topic = $1',
        [topic],
      );
      return new Map(rows.map((row) => [row.partition, row.last_offset]));
    },
    async totals(accountId, from, to) {
      return db.query<UsageCount>(
        `SELECT operation, outcome, sum(count)::float8 AS count FROM usage_daily WHERE ${RANGE}
         GROUP BY operation, outcome ORDER BY ${BY_NAME}`,
        range(accountId, from, to),
      );
    },
    totalsMany,
    async daily(accountId, from, to) {
      return db.query<DailyUsage>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, outcome, sum(count)::float8 AS count FROM usage_daily
         WHERE ${RANGE} GROUP BY day, operation, outcome ORDER BY day, ${BY_NAME}`,
        range(accountId, from, to),
      );
    },
    // The database belongs to whoever opened it.
    async close() {},
  };
}
