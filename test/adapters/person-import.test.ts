import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { importPersons, sqlPersonWriter, type PersonWriter } from '../../adapters/persons/import.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { ADMIN_IMPORT_BATCH, keyId, personStore } from '../../adapters/persons/store.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { canonicalProfileUrl, emailHashes, normaliseMaid, personIdentifierKeys, phoneKey } from '../../domain/persons/normalise.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';
import type { StoredPerson } from '../../adapters/db/port.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';

const implementations = dataImplementations({ copy: pgCopyPersonWriter, sql: sqlPersonWriter });

const COUNT = 1500;
const records = [...generatePersons({ count: COUNT, seed: 11 })];
const lines = (list: unknown[]) => `${list.map((record) => JSON.stringify(record)).join('\n')}\n`;

/** The first record with the asked-for identifier, and its key. */
function keyOf(find: (record: PersonRecord) => IdentifierKey | undefined): { record: PersonRecord; key: IdentifierKey } {
  for (const record of records) {
    const key = find(record);
    if (key) return { record, key };
  }
  throw new Error('no generated record has that identifier');
}

/** The persons a key names, through the store person.enrich uses, with the record id of each. */
async function personsNamedBy(db: SqlClient, key: IdentifierKey) {
  const store = personStore(db);
  const ids = (await store.personsByKeys([key], 50)).get(keyId(key)) ?? [];
  return (await store.byIds(ids)).map((person) => ({ ...person, externalId: String(person.document.id) }));
}

const lookups: Array<[string, () => { record: PersonRecord; key: IdentifierKey }]> = [
  ['email md5', () => keyOf((r) => ({ kind: 'email_md5', value: emailHashes(r.details.emails[0]!.value).md5 }))],
  ['email sha256', () => keyOf((r) => ({ kind: 'email_sha256', value: emailHashes(r.details.emails[0]!.value).sha256 }))],
  ['phone', () => keyOf((r) => phoneKey(r.details.phones[0]!.value))],
  ['maid', () => keyOf((r) => { const m = r.details.identifiers.maids.find((x) => x.type === 'idfa'); return m && { kind: 'maid', value: normaliseMaid(m.id)! }; })],
  ['profile username', () => keyOf((r) => { const p = r.details.profiles.twitter; return p?.username ? { kind: 'profile_username', value: `twitter:${p.username.toLowerCase()}` } : undefined; })],
  ['profile userid', () => keyOf((r) => { const p = r.details.profiles.github; return p?.userid ? { kind: 'profile_userid', value: `github:${p.userid}` } : undefined; })],
  ['profile url', () => keyOf((r) => (r.linkedin ? { kind: 'profile_url', value: canonicalProfileUrl(r.linkedin)! } : undefined))],
  ['li_nonid', () => keyOf((r) => { const id = r.details.identifiers.li_nonid[0]; return id ? { kind: 'li_nonid', value: id } : undefined; })],
  ['placekey', () => keyOf((r) => (r.placekey ? { kind: 'placekey', value: r.placekey } : undefined))],
  ['blocking key of its name and address', () => keyOf((r) => personIdentifierKeys(r).find((key) => key.kind === 'match_block'))],
];

describe.each(implementations)('person import ($name)', (implementation) => {
  let subject: DataSubject<PersonWriter>;
  let dir: string;
  beforeAll(async () => {
    subject = await implementation.open();
    dir = await mkdtemp(join(tmpdir(), 'kith-persons-'));
  });
  afterAll(async () => {
    await subject?.done();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('imports a generated file, with progress', async () => {
    const file = join(dir, 'persons.ndjson');
    await writeFile(file, lines(records));
    const progress: number[] = [];
    const summary = await importPersons(subject.writer, createReadStream(file), { batchSize: 400, onProgress: ({ lines: done }) => progress.push(done) });
    expect(summary).toMatchObject({ lines: COUNT, imported: COUNT, updated: 0, rejectedCount: 0, rejected: [] });
    expect(progress.at(-1)).toBe(COUNT);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const [{ count }] = (await subject.db.query<{ count: number }>('SELECT count(*)::int AS count FROM persons')) as [{ count: number }];
    expect(count).toBe(COUNT);
  });

  it.each(lookups)('finds a person by %s', async (_kind, pick) => {
    const { record, key } = pick();
    const found = await personsNamedBy(subject.db, key);
    expect(found.map((person) => person.externalId)).toContain(record.id);
    const person = found.find((candidate) => candidate.externalId === record.id)!;
    expect(person.document).toMatchObject({ id: record.id, fullName: record.fullName });
    expect(person.updated).toBe(record.updated);
  });

  it('finds both persons of a shared phone', async () => {
    const [shared] = (await subject.db.query<{ value: string }>(
      `SELECT value FROM person_identifiers WHERE kind = 'phone_sha256' GROUP BY value HAVING count(*) > 1 LIMIT 1`,
    )) as [{ value: string }];
    expect(await personsNamedBy(subject.db, { kind: 'phone_sha256', value: shared.value })).toHaveLength(2);
  });

  it('reads the persons keys name with their records in one statement, as the two statements do, with none of an account that has no records of them', async () => {
    const [shared] = (await subject.db.query<{ value: string }>(
      `SELECT value FROM person_identifiers WHERE kind = 'phone_sha256' GROUP BY value HAVING count(*) > 1 LIMIT 1`,
    )) as [{ value: string }];
    const [md5, sha256] = [lookups[0]![1](), lookups[1]![1]()];
    expect(sha256.record).toBe(md5.record); // one person named by two keys: read once, named by both
    const keys: IdentifierKey[] = [
      md5.key,
      sha256.key,
      { kind: 'phone_sha256', value: shared.value },
      { kind: 'email_md5', value: 'no-such-person' },
    ];
    const store = personStore(subject.db);
    const named = await store.personsByKeys(keys, 50);
    const both = await store.personsWithRecordsByKeys(keys, 50, randomUUID());
    expect(both.named).toEqual(named);
    const ids = [...new Set([...named.values()].flat())];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const withoutAccountRecords = [...both.records].map(([id, { accountRecords, ...person }]) => {
      expect(accountRecords).toEqual([]); // an account with no records of them
      return [id, person] as const;
    });
    expect(new Map(withoutAccountRecords.sort())).toEqual(new Map((await store.byIds(ids)).map((person) => [person.id, person] as const).sort()));
  });

  it('reads many lookups in one statement, each as it is read alone, its own account\'s records with it', async () => {
    const store = personStore(subject.db);
    const [first, second] = [lookups[0]![1]().key, lookups[1]![1]().key];
    const [personId] = (await store.personsByKeys([first], 1)).get(keyId(first))!;
    const [owner, other] = [randomUUID(), randomUUID()];
    await subject.db.query(
      `INSERT INTO identity_records (account_id, record_id, partner_id, person_id, emails, maids) VALUES ($1, 'mine', 'partner-mine', $2, '[]', '[]')`,
      [owner, personId],
    );
    const asked = [
      { keys: [first, second], perKey: 50, accountId: owner },
      { keys: [], perKey: 50, accountId: owner },
      { keys: [first], perKey: 50, accountId: other },
    ];
    const many = await store.personsWithRecordsByKeysMany(asked);
    expect(many).toEqual(await Promise.all(asked.map(({ keys, perKey, accountId }) => store.personsWithRecordsByKeys(keys, perKey, accountId))));
    expect(many[0]!.records.get(personId!)!.accountRecords).toEqual([{ recordId: 'mine', partnerId: 'partner-mine', personId }]);
    expect(many[2]!.records.get(personId!)!.accountRecords).toEqual([]);
    expect(many[1]).toEqual({ named: new Map(), records: new Map() });
  });

  it('reads the persons of many lookups, by their keys and then by their ids, each kind in one statement', async () => {
    const store = personStore(subject.db);
    const keys = [lookups[0]![1]().key, lookups[2]![1]().key, lookups[9]![1]().key];
    const ids = [...new Set([...(await store.personsByKeys(keys, 50)).values()].flat())];
    const lists = [ids.slice(0, 1), [], ids, ['999999999']];
    const byId = (persons: StoredPerson[]) => [...persons].sort((a, b) => a.id.localeCompare(b.id));
    const persons = await store.byIdsMany(lists);
    expect(persons.map(byId)).toEqual((await Promise.all(lists.map((list) => store.byIds(list)))).map(byId));
    expect(persons.map((found) => found.length)).toEqual([1, 0, ids.length, 0]);
    expect(persons[2]!.map((person) => person.id).sort()).toEqual([...ids].sort());
    const asked = [{ keys, perKey: 50 }, { keys: [], perKey: 50 }, { keys: keys.slice(1), perKey: 1 }];
    expect(await store.personsByKeysMany(asked)).toEqual(await Promise.all(asked.map(({ keys, perKey }) => store.personsByKeys(keys, perKey))));
  });

  it('replaces a person imported again, rather than adding one', async () => {
    const changed = records.slice(0, 10).map((record) => ({
      ...record,
      fullName: `${record.fullName} II`,
      details: { ...record.details, emails: [{ value: `renamed.${record.id}@example.org`, label: 'personal' }] },
    }));
    const file = join(dir, 'again.ndjson');
    await writeFile(file, lines([...changed, changed[0]]));
    const summary = await importPersons(subject.writer, createReadStream(file));
    expect(summary).toMatchObject({ lines: 11, imported: 0, updated: 11, rejectedCount: 0 });
    const [{ count }] = (await subject.db.query<{ count: number }>('SELECT count(*)::int AS count FROM persons')) as [{ count: number }];
    expect(count).toBe(COUNT);
    const first = records[0]!;
    const oldKeys = await personsNamedBy(subject.db, { kind: 'email_md5', value: emailHashes(first.details.emails[0]!.value).md5 });
    expect(oldKeys.map((person) => person.externalId)).not.toContain(first.id);
    const [renamed] = await personsNamedBy(subject.db, { kind: 'email_sha256', value: emailHashes(`renamed.${first.id}@example.org`).sha256 });
    expect(renamed).toMatchObject({ externalId: first.id, document: { fullName: `${first.fullName} II` } });
  });

  it('moves a person imported again at another address to the blocking keys of the new one', async () => {
    const [person] = [...generatePersons({ count: 1, seed: 4343 })] as [PersonRecord];
    const blocks = (record: PersonRecord) => personIdentifierKeys(record).filter((key) => key.kind === 'match_block');
    const moved = { ...person, details: { ...person.details, locations: [{ ...person.details.locations[0]!, addressLine1: '9876 Quimby Lane', postalCode: '55555' }] } };
    await importPersons(subject.writer, Readable.from(lines([person])));
    const before = blocks(person).filter((key) => !blocks(moved).some((other) => other.value === key.value));
    expect(before.length).toBeGreaterThan(0);
    await importPersons(subject.writer, Readable.from(lines([moved])));
    for (const key of before) expect((await personsNamedBy(subject.db, key)).map((found) => found.externalId)).not.toContain(person.id);
    for (const key of blocks(moved)) expect((await personsNamedBy(subject.db, key)).map((found) => found.externalId)).toContain(person.id);
  });

  it("keeps each identifier's first and last date seen and its observations across imports, a date seen again adding none", async () => {
    const [person] = [...generatePersons({ count: 1, seed: 4242 })] as [PersonRecord];
    const dated = (updated: string, emails = person.details.emails) => ({ ...person, updated, details: { ...person.details, emails } });
    const maid = { kind: 'maid', value: normaliseMaid(person.details.identifiers.maids[0]!.id)! };
    const history = async (key: { kind: string; value: string }) => {
      const [row] = await subject.db.query(
        `SELECT to_char(first_seen, 'YYYY-MM-DD') AS first, to_char(last_seen, 'YYYY-MM-DD') AS last, observations
           FROM person_identifiers i JOIN persons p ON p.id = i.person_id WHERE p.external_id = $1 AND i.kind = $2 AND i.value = $3`,
        [person.id, key.kind, key.value],
      );
      return row;
    };
    const file = join(dir, 'dated.ndjson');
    const newEmail = [{ value: `new.${person.id}@example.org`, label: 'work' }];
    for (const [records_, expected] of [
      [[dated('2026-03-01')], { first: '2026-03-01', last: '2026-03-01', observations: 1 }],
      [[dated('2026-05-01'), dated('2026-05-01')], { first: '2026-03-01', last: '2026-05-01', observations: 2 }],
      [[dated('2026-04-01')], { first: '2026-03-01', last: '2026-05-01', observations: 2 }],
      [[dated('2026-01-01', newEmail)], { first: '2026-01-01', last: '2026-05-01', observations: 3 }],
    ] as const) {
      await writeFile(file, lines([...records_]));
      await importPersons(subject.writer, createReadStream(file), { batchSize: 1 });
      expect(await history(maid)).toEqual(expected);
    }
    // A new identifier starts its own history; one the record no longer holds is gone.
    expect(await history({ kind: 'email_sha256', value: emailHashes(newEmail[0]!.value).sha256 })).toEqual({ first: '2026-01-01', last: '2026-01-01', observations: 1 });
    expect(await history({ kind: 'email_sha256', value: emailHashes(person.details.emails[0]!.value).sha256 })).toBeUndefined();
  });

  it('reports bad lines with their numbers and imports the rest', async () => {
    const good = [...generatePersons({ count: 3, seed: 99 })];
    const file = join(dir, 'bad.ndjson');
    const { id: _id, ...noId } = good[1]!;
    await writeFile(
      file,
      [JSON.stringify(good[0]), '{"id": "broken', '', JSON.stringify(noId), JSON.stringify({ id: 'x', details: { emails: 'no' } }), JSON.stringify(good[2])].join('\n'),
    );
    const summary = await importPersons(subject.writer, createReadStream(file));
    expect(summary.imported).toBe(2);
    expect(summary.rejectedCount).toBe(3);
    expect(summary.rejected.map((rejected) => rejected.line)).toEqual([2, 4, 5]);
    expect(summary.rejected[0]!.error).toMatch(/invalid JSON/);
    expect(summary.rejected[1]!.error).toMatch(/^id:/);
    expect(summary.rejected[2]!.error).toMatch(/^details\.emails:/);
    expect(await personsNamedBy(subject.db, { kind: 'email_md5', value: emailHashes(good[2]!.details.emails[0]!.value).md5 })).toHaveLength(1);
  });
});

describe('person import on PostgreSQL, rebuilding the key index (an import larger than the table)', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: SqlClient;
  const hasKeyIndex = async () =>
    (await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_constraint WHERE conrelid = 'person_identifiers'::regclass AND conname = 'person_identifiers_pkey'`,
    ))[0]!.count === 1;
  const importWith = async (list: unknown[], importBytes?: number) => {
    const writer = await pgCopyPersonWriter(database.url, { importBytes });
    try {
      return await importPersons(writer, Readable.from([lines(list)]), { batchSize: 100 });
    } finally {
      await writer.close();
    }
  };
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    db = createPgClient(database.url, 2);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('drops the index for the import and builds it again, keeping a person imported twice in one file once', async () => {
    const first = records[0]!;
    const renamed = { ...first, details: { ...first.details, emails: [{ value: `again.${first.id}@example.org`, label: 'work' }] } };
    const writer = await pgCopyPersonWriter(database.url, { importBytes: 10 ** 12 });
    expect(await hasKeyIndex()).toBe(false);
    const summary = await importPersons(writer, Readable.from([lines([...records.slice(0, 500), renamed])]), { batchSize: 100 });
    expect(await hasKeyIndex()).toBe(true);
    await writer.close();
    expect(summary).toMatchObject({ lines: 501, imported: 500, updated: 1, rejectedCount: 0 });
    // With the index built, the table has the statistics that make the planner read a person's keys by its id.
    const [stats] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_stats WHERE tablename = 'person_identifiers' AND attname = 'person_id'`);
    expect(stats!.count).toBe(1);
    const old = await personsNamedBy(db, { kind: 'email_md5', value: emailHashes(first.details.emails[0]!.value).md5 });
    expect(old.map((person) => person.externalId)).not.toContain(first.id);
    const [found] = await personsNamedBy(db, { kind: 'email_sha256', value: emailHashes(renamed.details.emails[0]!.value).sha256 });
    expect(found).toMatchObject({ externalId: first.id });
    const { key, record } = lookups[2]![1]();
    expect((await personsNamedBy(db, key)).map((person) => person.externalId)).toContain(record.id);
  });

  it('keeps the index when the import is smaller than the table', async () => {
    await importWith(records.slice(500, 510), 1);
    expect(await hasKeyIndex()).toBe(true);
  });

  it('parses on worker threads alike: the same rows in order, bad lines reported with their numbers', async () => {
    const good = records.slice(520, 1020);
    const text = [...good.slice(0, 250).map((record) => JSON.stringify(record)), '{"id": "broken', '', ...good.slice(250).map((record) => JSON.stringify(record)), JSON.stringify({ ...good[0]!, fullName: 'Later Line' })].join('\n');
    const writer = await pgCopyPersonWriter(database.url);
    const summary = await importPersons(writer, Readable.from([text]), { batchSize: 100, parseThreads: 2 }).finally(() => writer.close());
    expect(summary).toMatchObject({ lines: 503, imported: 500, updated: 1, rejectedCount: 1, rejected: [{ line: 251 }] });
    const [person] = await personsNamedBy(db, { kind: 'email_sha256', value: emailHashes(good[0]!.details.emails[0]!.value).sha256 });
    expect(person).toMatchObject({ externalId: good[0]!.id, document: { fullName: 'Later Line' } });
  });

  it('builds the index an interrupted import left missing, whatever the size of the next import', async () => {
    await db.query('ALTER TABLE person_identifiers DROP CONSTRAINT person_identifiers_pkey');
    await importWith(records.slice(1020, 1030));
    expect(await hasKeyIndex()).toBe(true);
    const [{ count }] = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM persons')) as [{ count: number }];
    expect(count).toBe(1020);
  });

  it.each([0, 2])('reads the file in runs of lines (%i parser threads): line numbers and the later line of an id hold across runs', async (threads) => {
    const good = records.slice(1100, 1140);
    const texts = good.map((record) => JSON.stringify(record));
    // Runs of about two lines: the bad lines, the blank one and the repeated id fall in other runs than their neighbours.
    const all = [...texts.slice(0, 5), '{"id": "broken', ...texts.slice(5, 20), '', '   ', ...texts.slice(20), 'not json', JSON.stringify({ ...good[3]!, fullName: 'Latest Line' })];
    const writer = await pgCopyPersonWriter(database.url);
    const summary = await importPersons(writer, Readable.from([`${all.join('\r\n')}\r\n`]), { batchSize: 7, parseThreads: threads, chunkBytes: 2 * texts[0]!.length }).finally(() =>
      writer.close(),
    );
    expect(summary).toMatchObject({ lines: all.length, rejectedCount: 2, rejected: [{ line: 6 }, { line: all.length - 1 }] });
    expect(summary.imported + summary.updated).toBe(41);
    const [person] = await personsNamedBy(db, { kind: 'email_sha256', value: emailHashes(good[3]!.details.emails[0]!.value).sha256 });
    expect(person).toMatchObject({ externalId: good[3]!.id, document: { fullName: 'Latest Line' } });
    const [{ count }] = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM persons WHERE external_id = $1', [good[3]!.id])) as [{ count: number }];
    expect(count).toBe(1);
  });
});

describe('person import over the admin API', () => {
  it(`writes ${ADMIN_IMPORT_BATCH} persons a transaction, which bounds the embedded database's memory`, async () => {
    const db = await createPgliteClient(undefined);
    try {
      await migrate(db);
      let transactions = 0;
      const counting: SqlClient = { ...db, transaction: (work) => ((transactions += 1), db.transaction(work)) };
      const persons = records.slice(0, 2 * ADMIN_IMPORT_BATCH + 1);
      const summary = await personStore(counting).import(Readable.from([lines(persons)]));
      expect(summary).toMatchObject({ lines: persons.length, imported: persons.length });
      expect(transactions).toBe(3);
    } finally {
      await db.close();
    }
  });
});
