import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentStore } from '../../adapters/consent/store.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { ConsentStore, NewConsentEvent } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { consentSubjectOf } from '../../domain/consent/payloads.ts';
import { databaseUrl } from '../support/modes.ts';

const drivers = [
  { name: 'pg', open: async () => createPgClient(databaseUrl(), 4) },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

const TABLES = ['consent_subjects', 'consent_identifiers', 'consent_events', 'consent_merges'];
const keysOf = (email: string) => consentSubjectOf({ email }).keys;
const event = (purposeId: number, timestamp: number | null = null): NewConsentEvent => ({
  permissionId: randomUUID(),
  type: 'create',
  purposes: [{ purposeId, channel: ['web'], enabled: true, ttl: null }],
  details: { policyUrl: `https://example.org/policy/${purposeId}` },
  timestamp,
});

describe.each(drivers)('consent merges are appended, never applied by rewriting ($name)', (driver) => {
  let db: SqlClient;
  let store: ConsentStore;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    store = consentStore(db);
  });
  afterAll(() => db?.close());

  /** Every row of every consent table of the account, as text, so that any change to one shows. */
  async function rowsOf(accountId: string): Promise<string[]> {
    const rows: string[] = [];
    for (const table of TABLES) {
      const found = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t WHERE account_id = $1`, [accountId]);
      rows.push(...found.map((row) => `${table} ${row.row}`));
    }
    return rows.sort();
  }

  it('a merge leaves every event, subject and identifier row as it was, and finds all events from any key', async () => {
    const accountId = randomUUID();
    const [a, b, c] = [1, 2, 3].map((n) => `merge-${n}-${randomUUID()}@example.org`) as [string, string, string];
    await store.record(accountId, keysOf(a), event(1, 1_600_000_000_000));
    await store.record(accountId, keysOf(b), event(2));
    await store.record(accountId, keysOf(c), event(3));
    const before = await rowsOf(accountId);
    const eventsBefore = [...(await store.events(accountId, keysOf(a))), ...(await store.events(accountId, keysOf(b)))];

    // One event names a and b: one individual from now on.
    await store.record(accountId, [...keysOf(a), ...keysOf(b)], event(4));
    const after = await rowsOf(accountId);
    expect(after).toEqual(expect.arrayContaining(before));
    const added = after.filter((row) => !before.includes(row));
    expect(added.map((row) => row.split(' ')[0]).sort()).toEqual(['consent_events', 'consent_merges']);

    const all = await store.events(accountId, keysOf(b));
    expect(all).toHaveLength(3);
    expect(await store.events(accountId, keysOf(a))).toEqual(all);
    // Their contents, given times and recorded times unchanged.
    expect(all).toEqual(expect.arrayContaining(eventsBefore));
    expect(await store.events(accountId, keysOf(c))).toHaveLength(1);
  });

  it('follows merges of merges: a subject merged into one that is merged in turn', async () => {
    const accountId = randomUUID();
    const [x, y, z] = ['x', 'y', 'z'].map((n) => `chain-${n}-${randomUUID()}@example.org`) as [string, string, string];
    await store.record(accountId, keysOf(x), event(1));
    await store.record(accountId, keysOf(y), event(2));
    await store.record(accountId, keysOf(z), event(3));
    await store.record(accountId, [...keysOf(y), ...keysOf(z)], event(4)); // z into y
    const before = await rowsOf(accountId);
    await store.record(accountId, [...keysOf(z), ...keysOf(x)], event(5)); // y (with z) into x
    expect(await rowsOf(accountId)).toEqual(expect.arrayContaining(before));
    for (const email of [x, y, z]) {
      expect((await store.events(accountId, keysOf(email))).map((found) => found.purposes[0]!.purposeId).sort()).toEqual([1, 2, 3, 4, 5]);
    }
    const merges = await db.query<{ merged: string; into: string }>(
      'SELECT merged_id::text AS merged, into_id::text AS into FROM consent_merges WHERE account_id = $1 ORDER BY merged_id',
      [accountId],
    );
    expect(merges).toHaveLength(2);
    // A later event by z's key alone goes to the individual, not to z's first subject: still one individual.
    await store.record(accountId, keysOf(z), event(6));
    expect(await store.events(accountId, keysOf(x))).toHaveLength(6);
    expect(await db.query('SELECT 1 FROM consent_merges WHERE account_id = $1', [accountId])).toHaveLength(2);
  });
});
