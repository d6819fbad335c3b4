import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { IdentityStore, MappedRecord } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { ConflictError } from '../../adapters/errors.ts';
import { coalescedMaps } from '../../adapters/identity/coalesced.ts';
import { identityStore } from '../../adapters/identity/store.ts';
import { databaseUrl } from '../support/modes.ts';
import { recordingSql } from '../support/recording-sql.ts';

const drivers = [
  { name: 'pg', open: async () => createPgClient(databaseUrl(), 4) },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

const record = (recordId: string, emails: string[], partnerId: string | null = null): MappedRecord => ({
  recordId,
  partnerId,
  matchedPersonId: null,
  keys: emails.map((value) => ({ kind: 'email_sha256', value })),
  tags: [],
  emails: [],
  maids: [],
});

describe.each(drivers)('identity maps in hand ($name)', (driver) => {
  let db: SqlClient;
  let statements: string[];
  let identity: IdentityStore;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
  });
  afterAll(() => db?.close());
  const fresh = () => {
    statements = [];
    identity = coalescedMaps(identityStore(recordingSql(db, statements)));
    return randomUUID();
  };
  /** Each map's transaction takes its locks in one statement. */
  const transactions = () => statements.filter((text) => text.includes('pg_advisory_xact_lock(h)')).length;

  it('go in one transaction, each placed after those before it: two naming one new person start it once', async () => {
    const accountId = fresh();
    const shared = randomUUID();
    const [alone, first, second] = await Promise.all([
      identity.map(accountId, record('alone', [randomUUID()])),
      identity.map(accountId, record('first', [shared])),
      identity.map(accountId, record('second', [randomUUID(), shared])),
    ]);
    expect(transactions()).toBe(2); // the first alone, at once; the two after it together
    expect(second).toBe(first);
    expect(alone).not.toBe(first);
    expect((await identity.byPersons(accountId, [first])).map((found) => found.recordId)).toEqual(['first', 'second']);
  });

  it('are made again one at a time when their transaction fails, and only the map that fails alone fails', async () => {
    const accountId = fresh();
    await identity.map(accountId, record('holder', [randomUUID()], 'partner-1'));
    const [first, clashing, last] = await Promise.allSettled([
      identity.map(accountId, record('first', [randomUUID()])),
      identity.map(accountId, record('clashing', [randomUUID()], 'partner-1')),
      identity.map(accountId, record('last', [randomUUID()])),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(clashing).toMatchObject({ status: 'rejected', reason: expect.any(ConflictError) });
    expect(last.status).toBe('fulfilled');
    expect(await identity.get(accountId, 'last')).toMatchObject({ personId: (last as PromiseFulfilledResult<string>).value });
    expect(await identity.get(accountId, 'clashing')).toBeUndefined();
  });
});
