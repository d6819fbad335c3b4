import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { exportPersons } from '../../adapters/persons/export.ts';
import { resolveQueuedRecords } from '../../adapters/persons/resolve-records.ts';
import { keyId, personStore } from '../../adapters/persons/store.ts';
import { DEFAULT_MODEL, type MatchModel } from '../../domain/matching/model.ts';
import { emailKeys } from '../../domain/persons/normalise.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import type { DataSubject } from '../support/data-databases.ts';
import { sourceImportImplementations, type SourceImports } from '../support/source-imports.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { bridgedPersons, importBySource } from '../support/bridged-persons.ts';

const implementations = sourceImportImplementations();

const home = { addressLine1: '12 Byron Street', city: 'London', postalCode: 'W1 2AB', country: 'United Kingdom', countryCode: 'GB' };
const ada = (id: string, email: string, extra: object = {}) => ({
  id,
  fullName: 'Ada Lovelace',
  details: { name: { given: 'Ada', family: 'Lovelace' }, emails: [{ value: email, label: 'personal' }], locations: [home] },
  ...extra,
});
const grace = (id: string, emails: string[], city?: string) => ({
  id,
  fullName: 'Grace Hopper',
  details: {
    name: { given: 'Grace', family: 'Hopper' },
    emails: emails.map((value) => ({ value, label: 'work' })),
    locations: city ? [{ city }] : [],
  },
});
const stranger = (id: string) => ({
  id,
  fullName: 'Alan Turing',
  details: { name: { given: 'Alan', family: 'Turing' }, emails: [{ value: 'alan@example.org', label: 'personal' }], age: { birthday: { year: 1912, month: 6, day: 23 } } },
});

/** The persons as sets of `source:id`, sorted, from the export. */
async function clusters(db: SqlClient): Promise<string[][]> {
  const found: string[][] = [];
  for await (const person of exportPersons(db)) found.push(person.records.map((record) => `${record.source}:${record.id}`).sort());
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const personIdOf = async (db: SqlClient, source: string, id: string) =>
  (
    await db.query<{ person_id: string }>(
      `SELECT coalesce(o.person_id, p.id)::text AS person_id FROM persons p LEFT JOIN record_persons o ON o.record_id = p.id
        WHERE p.source = $1 AND p.external_id = $2`,
      [source, id],
    )
  )[0]!.person_id;

const resolveAll = async (db: SqlClient, model: MatchModel = DEFAULT_MODEL) => {
  while ((await resolveQueuedRecords(db, { ...model, persons: 1000 }, 2)).resolved > 0);
};

describe.each(implementations)('the identity graph ($name)', (implementation) => {
  let subject: DataSubject<SourceImports>;
  beforeEach(async () => {
    subject = await implementation.open();
  });
  afterEach(async () => subject.done());

  it('resolves two sources\' records of one person into one person, answered as one built from both', async () => {
    await subject.writer.import('crm', [ada('crm-1', 'ada@example.com'), stranger('crm-2')]);
    await subject.writer.import('partner', [ada('partner-77', 'ADA@example.com', { title: 'Analyst' })]);
    await resolveAll(subject.db);

    expect(await clusters(subject.db)).toEqual([['crm:crm-1', 'partner:partner-77'], ['crm:crm-2']]);
    const store = personStore(subject.db);
    const keys = emailKeys('ada@example.com');
    const named = await store.personsWithRecordsByKeys(keys, 25, '00000000-0000-0000-0000-000000000000');
    expect(named.named.get(keyId(keys[0]!))).toEqual([await personIdOf(subject.db, 'crm', 'crm-1')]);
    const [person] = [...named.records.values()];
    expect(person!.records).toHaveLength(2);
    expect(person!.document.title).toBe('Analyst');
  });

  it('keeps the same id in two sources apart, and replaces a record only within its source', async () => {
    await subject.writer.import('crm', [ada('7', 'ada@example.com')]);
    await subject.writer.import('partner', [stranger('7')]);
    await subject.writer.import('crm', [ada('7', 'ada.l@example.com')]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['crm:7'], ['partner:7']]);
  });

  it('merges the persons a record bridges; the merged-away id answers as the survivor, which keeps its own', async () => {
    await subject.writer.import('a', [grace('g1', ['grace@navy.mil'], 'Arlington')]);
    await subject.writer.import('b', [grace('g2', ['grace@yale.edu'], 'New Haven')]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['a:g1'], ['b:g2']]);
    const [first, second] = [await personIdOf(subject.db, 'a', 'g1'), await personIdOf(subject.db, 'b', 'g2')];

    await subject.writer.import('c', [grace('g3', ['grace@navy.mil', 'grace@yale.edu'])]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['a:g1', 'b:g2', 'c:g3']]);
    expect(await personIdOf(subject.db, 'b', 'g2')).toBe(first);
    const store = personStore(subject.db);
    expect(await store.liveIds([second, first])).toEqual([first, first]);
    const [merged] = await store.byIds([second]);
    expect(merged!.id).toBe(first);
    expect(merged!.records.map((record) => record.id)).toHaveLength(3);
  });

  it('splits a person whose records no longer hold together: the larger part keeps the id, the rest gets a new one', async () => {
    await subject.writer.import('crm', [ada('crm-1', 'ada@example.com'), ada('crm-2', 'ada@example.com')]);
    await subject.writer.import('partner', [ada('partner-77', 'ada@example.com')]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['crm:crm-1', 'crm:crm-2', 'partner:partner-77']]);
    const before = await personIdOf(subject.db, 'crm', 'crm-1');

    await subject.writer.import('partner', [stranger('partner-77')]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['crm:crm-1', 'crm:crm-2'], ['partner:partner-77']]);
    expect(await personIdOf(subject.db, 'crm', 'crm-1')).toBe(before);
    expect(await personIdOf(subject.db, 'partner', 'partner-77')).not.toBe(before);
  });

  it('splits a person held together by one record when that record changes: the part with the oldest record keeps the id', async () => {
    await subject.writer.import('a', [grace('g1', ['grace@navy.mil'], 'Arlington')]);
    await subject.writer.import('b', [grace('g2', ['grace@yale.edu'], 'New Haven')]);
    await subject.writer.import('c', [grace('g3', ['grace@navy.mil', 'grace@yale.edu'])]);
    await resolveAll(subject.db);
    const merged = await personIdOf(subject.db, 'a', 'g1');

    await subject.writer.import('c', [stranger('g3')]);
    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['a:g1'], ['b:g2'], ['c:g3']]);
    expect(await personIdOf(subject.db, 'a', 'g1')).toBe(merged);
    expect(new Set([await personIdOf(subject.db, 'b', 'g2'), await personIdOf(subject.db, 'c', 'g3')]).has(merged)).toBe(false);
  });

  it('resolves a whole file as record by record, and a resolution that fails half-way loses nothing', async () => {
    const records = [ada('1', 'ada@example.com'), grace('2', ['grace@navy.mil']), ada('3', 'ada@example.com'), grace('4', ['grace@navy.mil']), stranger('5')];
    await subject.writer.import('file', records);
    const failing = { ...DEFAULT_MODEL, get levels(): never { throw new Error('the resolver crashed'); } };
    await expect(resolveQueuedRecords(subject.db, failing, 10)).rejects.toThrow('the resolver crashed');
    const [{ queued }] = (await subject.db.query<{ queued: number }>('SELECT count(*)::int AS queued FROM records_to_resolve')) as [{ queued: number }];
    expect(queued).toBe(records.length);

    await resolveAll(subject.db);
    expect(await clusters(subject.db)).toEqual([['file:1', 'file:3'], ['file:2', 'file:4'], ['file:5']]);
  });
});

/** Where every record is, and every redirect: the graph exactly, ids and all. */
const graphTables = async (db: SqlClient) => ({
  persons: await db.query('SELECT record_id::text AS record, person_id::text AS person FROM record_persons ORDER BY record_id'),
  redirects: await db.query('SELECT from_id::text AS "from", to_id::text AS "to" FROM person_redirects ORDER BY from_id'),
});

describe.each(implementations)('resolution in batches ($name)', (implementation) => {
  it('leaves the graph exactly as record by record does: the same persons, ids, merges, splits and redirects', async () => {
    const records = bridgedPersons(30);
    // Every other bridging record again, now with a's email and town only: its person splits.
    const changed = records
      .filter((item, at) => item.source === 'b' && at % 2 === 0)
      .map((item) => ({ ...item.record, details: { ...item.record.details, emails: item.record.details.emails.slice(0, 1), locations: [{ city: 'Arlington' }] } }));
    const resolveWith = async (batch: number) => {
      const subject = await implementation.open();
      try {
        const model = { ...DEFAULT_MODEL, persons: 1000 };
        const resolve = async () => {
          while ((await resolveQueuedRecords(subject.db, model, batch)).resolved > 0);
        };
        for (const source of ['c', 'a', 'b']) {
          await subject.writer.import(source, records.filter((item) => item.source === source).map((item) => item.record));
          await resolve();
        }
        await subject.writer.import('b', changed);
        await resolve();
        return await graphTables(subject.db);
      } finally {
        await subject.done();
      }
    };
    const oneByOne = await resolveWith(1);
    expect(oneByOne.redirects.length, 'every bridged person was built by a merge').toBe(30);
    expect(new Set(oneByOne.persons.map((row) => row.person)).size, 'half the persons split').toBe(45);
    expect(await resolveWith(1000)).toEqual(oneByOne);
  });
});

describe('resolvers at once on PostgreSQL', () => {
  it('give the persons one resolver gives, however they interleave: none left apart that should be one, no merge lost', async () => {
    const records = bridgedPersons(20);
    const resolveWith = async (resolvers: number) => {
      const database = await freshPostgresDatabase();
      const clients = Array.from({ length: resolvers }, () => createPgClient(database.url, 2));
      try {
        await migrate(clients[0]!);
        await importBySource(clients[0]!, records);
        const model = { ...DEFAULT_MODEL, persons: 1000 };
        let merged = 0;
        await Promise.all(
          clients.map(async (db) => {
            for (let counts = await resolveQueuedRecords(db, model, 3); counts.resolved > 0; counts = await resolveQueuedRecords(db, model, 3)) {
              merged += counts.merged;
            }
          }),
        );
        return { persons: await clusters(clients[0]!), merged };
      } finally {
        await Promise.all(clients.map((db) => db.close()));
        await database.drop();
      }
    };
    const alone = await resolveWith(1);
    expect(alone.persons).toHaveLength(20);
    expect(alone.persons.every((person) => person.length === 3)).toBe(true);
    expect(alone.merged).toBe(20);
    expect(await resolveWith(3)).toEqual(alone);
  });
});
