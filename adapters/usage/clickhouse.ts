import {
  ClickHouseError,
  ClickHouseLogLevel,
  createClient,
  type Logger as ClientLogger,
  type LogParams,
} from '@clickhouse/client';
import { z } from 'zod';
import { PermanentError, RetryableError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { USAGE_OUTCOMES, type UsageCount, type UsageEvent, type UsageRangeQuery, type UsageStore } from './port.ts';
import { countsByRange } from './ranges.ts';
import { Day, UsageRange, valid } from './validation.ts';

export type ClickHouseUsageStoreOptions = {
  url: string;
  /** Default `kith`; created by prepare(). */
  database?: string;
  log: Logger;
  /** Prepended to every table name (default `usage_`), so that deployments or test runs can share a database. */
  tablePrefix?: string;
};

/*
 * Every statement must run on ClickHouse 18.16 (Debian's) and on current releases, so: no query parameters
 * (values are validated strictly, then inlined), no DateTime64, no CTEs, no TTL or CODEC, no LowCardinality.
 * 18.16 can represent only 1970-01-01 to 2105-12-31: events outside are refused, query ranges clamped.
 */
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '2105-12-31';
const LAST_SECOND = Date.UTC(2106, 0, 1) / 1000 - 1;
const MAX_INT64 = 2n ** 63n - 1n;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Kafka's own rule for topic names; nothing in it can end a quoted SQL string. */
const Topic = z.string().regex(/^[A-Za-z0-9._-]{1,249}$/);

/** A row of the raw events table: every column but the MATERIALIZED `day` (JSONEachRow on 18.16 applies no DEFAULT). */
const EventRow = z.object({
  /** A UUID (schemas/events/usage-recorded.ts): checked strictly, as it is inlined in the lookup of ids already written. */
  event_id: z.guid(),
  account_id: z.guid(),
  operation: z.string().min(1).max(128),
  outcome: z.enum(USAGE_OUTCOMES),
  /** Unix seconds: a format every release parses the same way, whatever the server's time zone. */
  at: z.number().int().min(0).max(LAST_SECOND),
  source_topic: Topic,
  source_partition: z.number().int().min(0).max(2 ** 31 - 1),
  /** A decimal string: JSON numbers lose precision past 2^53, and ClickHouse reads a quoted UInt64. */
  source_offset: z.string().regex(/^(0|[1-9]\d{0,18})$/).refine((offset) => BigInt(offset) <= MAX_INT64),
});

const CountRow = z.object({ operation: z.string(), outcome: z.enum(USAGE_OUTCOMES), count: z.coerce.number().int() });
const DailyRow = CountRow.extend({ day: Day });
const RangedCountRow = CountRow.extend({ range: z.number().int() });
const EventIdRow = z.object({ event_id: z.string() });
const OffsetRow = z.object({ source_partition: z.number().int(), highest: z.string().regex(/^\d+$/) });

function toRow(event: UsageEvent): unknown {
  return {
    event_id: event.eventId,
    account_id: event.accountId,
    operation: event.operation,
    outcome: event.outcome,
    at: Math.floor(event.at.getTime() / 1000),
    source_topic: event.source.topic,
    source_partition: event.source.partition,
    source_offset: event.source.offset,
  };
}

type Row = z.infer<typeof EventRow>;

/** Event ids per lookup query: 2,000 quoted UUIDs keep it far below the server's default max_query_size (256 KiB). */
const LOOKUP_CHUNK = 2000;

/**
 * The days an earlier copy of a row's event may sit on: its own, and the one before (a copy made again after
 * a crash carries the time it was made again, which may be past midnight).
 */
const daysOf = (row: Row) =>
  [row.at, row.at - 86_400].filter((seconds) => seconds >= 0).map((seconds) => new Date(seconds * 1000).toISOString().slice(0, 10));

/**
 * The query for which of `rows`' event ids the events table holds already. Its filter starts with the table's
 * sorting key (account_id, day), so it reads only the granules of the batch's accounts and days. Every value
 * was validated (UUIDs, days from a bounded integer) before it is inlined.
 */
function writtenIdsQuery(events: string, rows: Row[]): string {
  const list = (values: Iterable<string>, wrap: (value: string) => string) => [...new Set(values)].map(wrap).join(', ');
  return `SELECT DISTINCT event_id FROM ${events}
    WHERE account_id IN (${list(rows.map((row) => row.account_id), (id) => `toUUID('${id}')`)})
      AND day IN (${list(rows.flatMap(daysOf), (day) => `toDate('${day}')`)})
      AND event_id IN (${list(rows.map((row) => row.event_id), (id) => `'${id}'`)})`;
}

/** Server errors ClickHouse lifts by itself: overload, timeouts, too many parts waiting for merges. */
const RETRYABLE_SERVER_CODES = new Set([159, 202, 209, 210, 252]);

/**
 * Sorts a driver error once, at the adapter edge. 18.16's error text does not match the client's pattern, so
 * the server's code is read from the message there; an error without one never got an answer (refused,
 * reset, timed out) and is worth trying again.
 */
function classifyClickHouseError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ClickHouseError ? Number(error.code) : Number(/Code: (\d+)/.exec(message)?.[1]);
  if (Number.isNaN(code)) return new RetryableError(message, { cause: error });
  const Failure = RETRYABLE_SERVER_CODES.has(code) ? RetryableError : PermanentError;
  return new Failure(message, { cause: error, context: { code } });
}

/** The client's own log, into ours. It reports each failed request at ERROR; the caller gets that failure thrown. */
function logInto(log: Logger): new () => ClientLogger {
  const at = (level: 'debug' | 'warn') => (params: LogParams & { err?: Error }) =>
    log[level]({ ...params.args, err: params.err }, params.message);
  return class {
    trace = at('debug');
    debug = at('debug');
    info = at('debug');
    warn = at('warn');
    error = at('debug');
  };
}

type Tables = { events: string; daily: string; dailyView: string; offsets: string; offsetsView: string };

function tables(database: string, prefix: string): Tables {
  const name = (table: string) => `${database}.${prefix}${table}`;
  return { events: name('events'), daily: name('daily'), dailyView: name('daily_mv'), offsets: name('offsets'), offsetsView: name('offsets_mv') };
}

/** Tables before the views that feed them, so that no insert reaches a view without its table. */
function schema(t: Tables): string[] {
  const key = 'account_id, day, operation, outcome';
  return [
    `CREATE TABLE IF NOT EXISTS ${t.events} (
       event_id String, account_id UUID, operation String, outcome String,
       at DateTime('UTC'), day Date MATERIALIZED toDate(at),
       source_topic String, source_partition UInt32, source_offset UInt64
     ) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (${key})`,
    `CREATE TABLE IF NOT EXISTS ${t.daily} (
       account_id UUID, day Date, operation String, outcome String, events UInt64
     ) ENGINE = SummingMergeTree(events) PARTITION BY toYYYYMM(day) ORDER BY (${key})`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${t.dailyView} TO ${t.daily}
       AS SELECT ${key}, count() AS events FROM ${t.events} GROUP BY ${key}`,
    // One row per partition per batch, merged down to the highest; read with max(), as merges come when they come.
    `CREATE TABLE IF NOT EXISTS ${t.offsets} (
       source_topic String, source_partition UInt32, last_offset UInt64
     ) ENGINE = ReplacingMergeTree(last_offset) ORDER BY (source_topic, source_partition)`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${t.offsetsView} TO ${t.offsets}
       AS SELECT source_topic, source_partition, max(source_offset) AS last_offset FROM ${t.events}
       GROUP BY source_topic, source_partition`,
  ];
}

/**
 * Usage in ClickHouse: one raw row per event; a daily SummingMergeTree rollup and a per-partition offsets table,
 * both fed by materialized views, so `totals`, `daily` and `lastOffsets` read small tables, with sum() and
 * max() since rows of a key are merged only eventually.
 *
 * Exactly-once: a batch is one INSERT of one block, which the server parses whole before writing anything, so
 * a bad row writes none of it. Then the raw part, the rollup and the offsets are committed one after another
 * (and a batch spanning two months makes a part per month): 18.16 has no transactions, nor insert
 * deduplication outside replicated tables, so only a server dying within those milliseconds splits a batch.
 * A failed insert may still have been written (a timeout after the commit): after any failure, the caller asks
 * `lastOffsets` before writing the batch again.
 *
 * Exactly-once per event id too: the same event can come again at a new offset (its producer died before
 * committing what it had handled). Before inserting, `record` looks up which of the batch's ids the events
 * table holds already, and leaves those (and repeats within the batch) out. Without transactions, two
 * writers inserting the same new id at the same instant would both count it; one consumer group handles a
 * partition in one process at a time, and a request's copies share its partition (keyed by account).
 */
export function clickHouseUsageStore(options: ClickHouseUsageStoreOptions): UsageStore {
  const database = valid(z.string().regex(IDENTIFIER), options.database ?? 'kith', 'database name');
  const prefix = valid(z.string().regex(/^([A-Za-z_][A-Za-z0-9_]{0,39})?$/), options.tablePrefix ?? 'usage_', 'table prefix');
  const t = tables(database, prefix);
  const log = options.log.child({ component: 'clickhouse-usage' });
  const client = createClient({ url: options.url, log: { LoggerClass: logInto(log), level: ClickHouseLogLevel.WARN } });

  async function driver<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw classifyClickHouseError(error);
    }
  }

  async function select<S extends z.ZodType>(query: string, row: S): Promise<z.infer<S>[]> {
    const rows = await driver(async () => (await client.query({ query, format: 'JSONEachRow' })).json());
    return valid(z.array(row), rows, 'answer from ClickHouse');
  }

  /** The WHERE clause of a range query; the account id and days are checked before they are inlined. */
  function rangeFilter(accountId: string, from: string, to: string): string {
    const range = valid(UsageRange, { accountId, from, to }, 'usage query');
    const first = range.from < FIRST_DAY ? FIRST_DAY : range.from;
    const last = range.to > LAST_DAY ? LAST_DAY : range.to;
    return `account_id = toUUID('${range.accountId}') AND day >= toDate('${first}') AND day <= toDate('${last}')`;
  }

  /** One SELECT per range, tagged with its index, in one query: 18.16 has no arrays of tuples to join against. */
  async function totalsMany(ranges: readonly UsageRangeQuery[]): Promise<UsageCount[][]> {
    if (ranges.length === 0) return [];
    const perRange = ranges.map(
      ({ accountId, from, to }, index) =>
        `SELECT toUInt32(${index}) AS range, operation, outcome, sum(events) AS count FROM ${t.daily}
         WHERE ${rangeFilter(accountId, from, to)} GROUP BY operation, outcome`,
    );
    const rows = await select(`SELECT * FROM (${perRange.join(' UNION ALL ')}) ORDER BY range, operation, outcome`, RangedCountRow);
    return countsByRange(rows, ranges.length);
  }

  return {
    async prepare() {
      for (const statement of [`CREATE DATABASE IF NOT EXISTS ${database}`, ...schema(t)]) {
        await driver(() => client.command({ query: statement }));
      }
      log.debug({ tables: t }, 'usage tables ready');
    },
    async record(batch) {
      if (batch.length === 0) return;
      const rows = valid(z.array(EventRow), batch.map(toRow), 'usage events');
      const written = new Set<string>();
      for (let start = 0; start < rows.length; start += LOOKUP_CHUNK) {
        const found = await select(writtenIdsQuery(t.events, rows.slice(start, start + LOOKUP_CHUNK)), EventIdRow);
        for (const row of found) written.add(row.event_id);
      }
      const fresh: Row[] = [];
      for (const row of rows) {
        if (written.has(row.event_id)) continue;
        written.add(row.event_id);
        fresh.push(row);
      }
      if (fresh.length === 0) return;
      await driver(() => client.insert({ table: t.events, values: fresh, format: 'JSONEachRow' }));
    },
    async lastOffsets(topic) {
      const name = valid(Topic, topic, 'topic');
      const rows = await select(
        `SELECT source_partition, toString(max(last_offset)) AS highest FROM ${t.offsets}
         WHERE source_topic = '${name}' GROUP BY source_partition`,
        OffsetRow,
      );
      return new Map(rows.map((row) => [row.source_partition, row.highest]));
    },
    async totals(accountId, from, to) {
      return (await totalsMany([{ accountId, from, to }]))[0]!;
    },
    totalsMany,
    async daily(accountId, from, to) {
      return select(
        `SELECT day, operation, outcome, sum(events) AS count FROM ${t.daily}
         WHERE ${rangeFilter(accountId, from, to)} GROUP BY day, operation, outcome ORDER BY day, operation, outcome`,
        DailyRow,
      );
    },
    close: () => client.close(),
  };
}
