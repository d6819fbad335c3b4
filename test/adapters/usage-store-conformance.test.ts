import { randomUUID } from 'node:crypto';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { PermanentError, RetryableError } from '../../adapters/errors.ts';
import { createLogger } from '../../adapters/logger.ts';
import { clickHouseUsageStore } from '../../adapters/usage/clickhouse.ts';
import type { UsageEvent, UsageOutcome, UsageStore } from '../../adapters/usage/port.ts';
import { sqlUsageStore } from '../../adapters/usage/postgres.ts';
import { databaseUrl } from '../support/modes.ts';
import { clickhouseUrl } from '../support/services.ts';

/** Tables of their own, so that runs never see each other's rows; `store()` opens one more, as another process would. */
type Namespace = { store(): UsageStore; drop(): Promise<void> };

type Implementation = {
  name: string;
  namespace(): Promise<Namespace>;
  /** A store whose server is not there, where the implementation has a server; closing it closes its client. */
  unreachable?: () => UsageStore;
  /** A store over tables that were never created; closing it closes its client. */
  withoutTables?: () => UsageStore;
};

const log = createLogger('silent');

/** The SQL store over a freshly migrated database; the stores share its client, as the processes of one deployment share the database. */
async function sqlNamespace(db: SqlClient, dropSchema: () => Promise<void>): Promise<Namespace> {
  await migrate(db);
  return {
    store: () => sqlUsageStore(db),
    async drop() {
      await dropSchema();
      await db.close();
    },
  };
}

const implementations: Implementation[] = [
  {
    name: 'ClickHouse',
    // A database of its own, created by prepare() and dropped at the end.
    async namespace() {
      const database = `kith_test_${randomUUID().replaceAll('-', '')}`;
      const opened: UsageStore[] = [];
      return {
        store() {
          const store = clickHouseUsageStore({ url: clickhouseUrl(), database, log });
          opened.push(store);
          return store;
        },
        async drop() {
          await Promise.all(opened.map((store) => store.close()));
          const admin = createClient({ url: clickhouseUrl(), log: { level: ClickHouseLogLevel.OFF } });
          await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
          await admin.close();
        },
      };
    },
    unreachable: () => clickHouseUsageStore({ url: 'http://127.0.0.1:1', log }),
    withoutTables: () => clickHouseUsageStore({ url: clickhouseUrl(), database: `kith_never_${randomUUID().replaceAll('-', '')}`, log }),
  },
  {
    name: 'PostgreSQL',
    // A schema of its own in the shared test database.
    async namespace() {
      const schema = `usage_${randomUUID().replaceAll('-', '')}`;
      const url = new URL(databaseUrl());
      url.searchParams.set('options', `-c search_path=${schema}`);
      const db = createPgClient(url.toString(), 4);
      await db.execScript(`CREATE SCHEMA ${schema}`);
      return sqlNamespace(db, () => db.execScript(`DROP SCHEMA ${schema} CASCADE`));
    },
    unreachable() {
      const db = createPgClient('postgres://postgres@127.0.0.1:1/kith', 1);
      return { ...sqlUsageStore(db), close: () => db.close() };
    },
    withoutTables() {
      const url = new URL(databaseUrl());
      url.searchParams.set('options', `-c search_path=never_${randomUUID().replaceAll('-', '')}`);
      const db = createPgClient(url.toString(), 1);
      return { ...sqlUsageStore(db), close: () => db.close() };
    },
  },
  {
    name: 'PGlite',
    namespace: async () => sqlNamespace(await createPgliteClient(undefined), async () => {}),
  },
];

type EventSpec = { account: string; operation?: string; outcome?: UsageOutcome; at: string; topic?: string; partition?: number; offset?: string };

/** Every test writes to topics of its own, so `lastOffsets` sees only its events. */
const freshTopic = () => `usage-conformance-${randomUUID()}`;

let nextOffset = 0;
function usageEvent(spec: EventSpec): UsageEvent {
  return {
    eventId: randomUUID(),
    accountId: spec.account,
    operation: spec.operation ?? 'person.enrich',
    outcome: spec.outcome ?? 'match',
    at: new Date(spec.at),
    source: { topic: spec.topic ?? freshTopic(), partition: spec.partition ?? 0, offset: spec.offset ?? String(nextOffset++) },
  };
}

const times = (count: number, spec: EventSpec) => Array.from({ length: count }, () => usageEvent(spec));

/** The port promises no order: compare sorted. */
function sorted<T extends { operation: string; outcome: string; day?: string }>(rows: T[]): T[] {
  const key = (row: T) => `${row.day ?? ''}|${row.operation}|${row.outcome}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

describe.each(implementations)('UsageStore conformance ($name)', (implementation) => {
  let namespace: Namespace;
  let store: UsageStore;
  beforeAll(async () => {
    namespace = await implementation.namespace();
    store = namespace.store();
    await store.prepare();
  });
  afterAll(() => namespace?.drop());

  it('counts exactly per operation, outcome and day, summing rows written by separate batches', async () => {
    const account = randomUUID();
    await store.record([
      ...times(2, { account, at: '2026-03-01T08:00:00Z' }),
      ...times(2, { account, outcome: 'miss', at: '2026-03-01T09:30:00Z' }),
    ]);
    await store.record([
      usageEvent({ account, at: '2026-03-01T10:00:00Z' }),
      usageEvent({ account, at: '2026-03-02T11:00:00Z' }),
      usageEvent({ account, operation: 'company.enrich', outcome: 'ok', at: '2026-03-02T12:00:00Z' }),
    ]);
    expect(sorted(await store.totals(account, '2026-03-01', '2026-03-02'))).toEqual([
      { operation: 'company.enrich', outcome: 'ok', count: 1 },
      { operation: 'person.enrich', outcome: 'match', count: 4 },
      { operation: 'person.enrich', outcome: 'miss', count: 2 },
    ]);
    expect(sorted(await store.daily(account, '2026-03-01', '2026-03-02'))).toEqual([
      { day: '2026-03-01', operation: 'person.enrich', outcome: 'match', count: 3 },
      { day: '2026-03-01', operation: 'person.enrich', outcome: 'miss', count: 2 },
      { day: '2026-03-02', operation: 'company.enrich', outcome: 'ok', count: 1 },
      { day: '2026-03-02', operation: 'person.enrich', outcome: 'match', count: 1 },
    ]);
  });

  it("keeps each account's counts apart", async () => {
    const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
    await store.record([...times(3, { account: alice, at: '2026-04-10T10:00:00Z' }), ...times(5, { account: bob, at: '2026-04-10T10:00:00Z' })]);
    expect(await store.totals(alice, '2026-04-01', '2026-04-30')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 3 }]);
    expect(await store.totals(bob, '2026-04-01', '2026-04-30')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 5 }]);
    expect(await store.totals(carol, '2026-04-01', '2026-04-30')).toEqual([]);
    expect(await store.daily(carol, '2026-04-01', '2026-04-30')).toEqual([]);
  });

  it('answers several ranges in one read, each as totals answers it alone, in the order asked', async () => {
    const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
    await store.record([
      ...times(2, { account: alice, at: '2026-05-01T10:00:00Z' }),
      ...times(4, { account: alice, at: '2026-05-20T10:00:00Z', outcome: 'miss' }),
      ...times(3, { account: bob, at: '2026-05-20T10:00:00Z' }),
    ]);
    const ranges = [
      { accountId: alice, from: '2026-05-01', to: '2026-05-31' },
      { accountId: carol, from: '2026-05-01', to: '2026-05-31' },
      { accountId: bob, from: '2026-05-01', to: '2026-05-31' },
      { accountId: alice, from: '2026-05-01', to: '2026-05-10' },
      { accountId: alice, from: '2026-05-01', to: '2026-05-31' },
    ];
    const alone = await Promise.all(ranges.map(({ accountId, from, to }) => store.totals(accountId, from, to)));
    expect(await store.totalsMany(ranges)).toEqual(alone);
    expect(await store.totalsMany(ranges.slice(0, 1))).toEqual(alone.slice(0, 1));
    expect(alone).toEqual([
      [
        { operation: 'person.enrich', outcome: 'match', count: 2 },
        { operation: 'person.enrich', outcome: 'miss', count: 4 },
      ],
      [],
      [{ operation: 'person.enrich', outcome: 'match', count: 3 }],
      [{ operation: 'person.enrich', outcome: 'match', count: 2 }],
      [
        { operation: 'person.enrich', outcome: 'match', count: 2 },
        { operation: 'person.enrich', outcome: 'miss', count: 4 },
      ],
    ]);
    expect(await store.totalsMany([])).toEqual([]);
  });

  it('takes both ends of the range, cuts at UTC midnight, and leaves out the days outside', async () => {
    const account = randomUUID();
    await store.record(
      ['2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00Z', '2026-02-28T23:59:59Z', '2026-03-01T00:00:00Z', '2026-02-15T12:00:00+14:00'].map(
        (at) => usageEvent({ account, at }),
      ),
    );
    const count = async (from: string, to: string) => (await store.totals(account, from, to))[0]?.count ?? 0;
    expect(await count('2026-02-01', '2026-02-28')).toBe(3);
    expect(await count('2026-01-31', '2026-01-31')).toBe(1);
    expect(await count('2026-03-01', '2026-03-31')).toBe(1);
    expect(await count('2026-02-02', '2026-02-13')).toBe(0);
    expect(await count('2026-02-14', '2026-02-14')).toBe(1); // 12:00 at +14:00 is the 14th in UTC
    expect(await count('2026-02-28', '2026-02-01')).toBe(0);
    expect(await count('1900-01-01', '9999-12-31')).toBe(5);
    expect((await store.daily(account, '2026-02-01', '2026-02-28')).map((row) => [row.day, row.count]).sort()).toEqual([
      ['2026-02-01', 1],
      ['2026-02-14', 1],
      ['2026-02-28', 1],
    ]);
  });

  it('gives the highest offset written per partition of a topic, as decimal strings beyond 2^53', async () => {
    const [topic, other] = [freshTopic(), freshTopic()];
    const account = randomUUID();
    const at = '2026-05-01T00:00:00Z';
    await store.record([
      usageEvent({ account, at, topic, partition: 0, offset: '5' }),
      usageEvent({ account, at, topic, partition: 0, offset: '3' }),
      usageEvent({ account, at, topic, partition: 1, offset: '9007199254740993' }),
      usageEvent({ account, at, topic: other, partition: 0, offset: '100' }),
    ]);
    await store.record([
      usageEvent({ account, at, topic, partition: 0, offset: '4' }),
      usageEvent({ account, at, topic, partition: 1, offset: '9007199254740992' }),
      usageEvent({ account, at, topic, partition: 3, offset: '9223372036854775807' }),
    ]);
    expect(await store.lastOffsets(topic)).toEqual(
      new Map([
        [0, '5'],
        [1, '9007199254740993'],
        [3, '9223372036854775807'],
      ]),
    );
    expect(await store.lastOffsets(other)).toEqual(new Map([[0, '100']]));
    expect(await store.lastOffsets(freshTopic())).toEqual(new Map());
  });

  it('counts a batch of 10,000 events recorded in one call exactly', async () => {
    const account = randomUUID();
    const topic = freshTopic();
    const outcomes: UsageOutcome[] = ['match', 'miss', 'error'];
    const batch = Array.from({ length: 10_000 }, (_, index) =>
      usageEvent({
        account,
        outcome: outcomes[index % 3]!,
        at: `2026-06-0${1 + (index % 2)}T12:00:00Z`,
        topic,
        partition: index % 4,
        offset: String(index),
      }),
    );
    await store.record(batch);
    expect(sorted(await store.totals(account, '2026-06-01', '2026-06-02'))).toEqual([
      { operation: 'person.enrich', outcome: 'error', count: 3333 },
      { operation: 'person.enrich', outcome: 'match', count: 3334 },
      { operation: 'person.enrich', outcome: 'miss', count: 3333 },
    ]);
    const perDay = await store.daily(account, '2026-06-01', '2026-06-02');
    expect(perDay.filter((row) => row.day === '2026-06-01').reduce((sum, row) => sum + row.count, 0)).toBe(5000);
    expect(await store.lastOffsets(topic)).toEqual(
      new Map([
        [0, '9996'],
        [1, '9997'],
        [2, '9998'],
        [3, '9999'],
      ]),
    );
  });

  it('counts an event id once, when it comes again at another offset in a later batch or in the same one', async () => {
    const account = randomUUID();
    const topic = freshTopic();
    const at = '2026-07-10T23:59:59Z';
    const first = Array.from({ length: 5 }, (_, index) => usageEvent({ account, at, topic, offset: String(index) }));
    await store.record(first);
    // The worker died after publishing, before committing: the same events again, at new offsets, made again a
    // second later (past midnight), together with new ones and with a repeat inside the batch.
    const again = first.slice(0, 3).map((event, index) => ({
      ...event,
      at: new Date('2026-07-11T00:00:00Z'),
      source: { topic, partition: 0, offset: String(10 + index) },
    }));
    const fresh = usageEvent({ account, at: '2026-07-11T00:00:01Z', topic, offset: '13' });
    await store.record([...again, fresh, { ...fresh, source: { topic, partition: 0, offset: '14' } }]);
    expect(await store.totals(account, '2026-07-01', '2026-07-31')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 6 }]);
    // A batch of nothing but copies counts nothing.
    await store.record(again.map((event) => ({ ...event, source: { topic, partition: 0, offset: '20' } })));
    expect(await store.totals(account, '2026-07-01', '2026-07-31')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 6 }]);
    // The same event id under another account is that account's own event.
    const other = randomUUID();
    await store.record([{ ...first[0]!, accountId: other, source: { topic, partition: 0, offset: '21' } }]);
    expect(await store.totals(other, '2026-07-01', '2026-07-31')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 1 }]);
  });

  it('prepares a fresh namespace from several processes at once, and again', async () => {
    const fresh = await implementation.namespace();
    try {
      const stores = [fresh.store(), fresh.store(), fresh.store()];
      await Promise.all(stores.map((each) => each.prepare()));
      await stores[0]!.prepare();
      const account = randomUUID();
      await stores[1]!.record([usageEvent({ account, at: '2026-07-01T00:00:00Z' })]);
      expect(await stores[2]!.totals(account, '2026-07-01', '2026-07-01')).toEqual([{ operation: 'person.enrich', outcome: 'match', count: 1 }]);
    } finally {
      await fresh.drop();
    }
  });

  it('refuses account ids that are not UUIDs and days that are not YYYY-MM-DD, instead of running them', async () => {
    const account = randomUUID();
    await store.record([usageEvent({ account, at: '2026-08-01T00:00:00Z' })]);
    const injection = `${account}') OR 1 = 1 OR ('`;
    for (const name of ['totals', 'daily'] as const) {
      const query = (accountId: string, from: string, to: string) => store[name](accountId, from, to);
      await expect(query(injection, '2026-08-01', '2026-08-01')).rejects.toBeInstanceOf(PermanentError);
      await expect(query('not-a-uuid', '2026-08-01', '2026-08-01')).rejects.toBeInstanceOf(PermanentError);
      await expect(query(account, "2026-08-01') OR ('1", '2026-08-01')).rejects.toBeInstanceOf(PermanentError);
      await expect(query(account, '2026-02-30', '2026-08-01')).rejects.toBeInstanceOf(PermanentError);
      await expect(query(account, '2026-08-01', '2026-8-1')).rejects.toBeInstanceOf(PermanentError);
    }
  });

  it('records a batch with an invalid event not at all', async () => {
    const account = randomUUID();
    const topic = freshTopic();
    const good = (offset: string) => usageEvent({ account, at: '2026-09-01T00:00:00Z', topic, offset });
    const invalid: UsageEvent[] = [
      { ...good('2'), accountId: 'not-a-uuid' },
      { ...good('2'), outcome: 'bogus' as UsageOutcome },
      { ...good('2'), at: new Date('not a date') },
      { ...good('2'), source: { topic, partition: -1, offset: '2' } },
      { ...good('2'), source: { topic, partition: 0, offset: '9223372036854775808' } },
    ];
    for (const bad of invalid) {
      await expect(store.record([good('1'), bad, good('3')])).rejects.toBeInstanceOf(PermanentError);
    }
    expect(await store.totals(account, '2026-09-01', '2026-09-01')).toEqual([]);
    expect(await store.lastOffsets(topic)).toEqual(new Map());
  });

  it.runIf(implementation.unreachable)('fails with a RetryableError when its server cannot be reached', async () => {
    const unreachable = implementation.unreachable!();
    try {
      await expect(unreachable.record([usageEvent({ account: randomUUID(), at: '2026-10-01T00:00:00Z' })])).rejects.toBeInstanceOf(RetryableError);
      await expect(unreachable.totals(randomUUID(), '2026-10-01', '2026-10-01')).rejects.toBeInstanceOf(RetryableError);
    } finally {
      await unreachable.close();
    }
  });

  it.runIf(implementation.withoutTables)('fails with a PermanentError when its tables are missing', async () => {
    const store = implementation.withoutTables!();
    try {
      await expect(store.record([usageEvent({ account: randomUUID(), at: '2026-10-01T00:00:00Z' })])).rejects.toBeInstanceOf(PermanentError);
      await expect(store.totals(randomUUID(), '2026-10-01', '2026-10-01')).rejects.toBeInstanceOf(PermanentError);
    } finally {
      await store.close();
    }
  });
});
