import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { importPersons, sqlPersonWriter, type PersonWriter } from '../../adapters/persons/import.ts';
import { refreshMatchKeysBatch, TAKE_KEYS_VERSION_WHILE_EMPTY } from '../../adapters/persons/match-keys-refresh.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { personStore } from '../../adapters/persons/store.ts';
import { queueAllForResolution } from '../../adapters/persons/resolve-queue.ts';
import { MATCH_KEYS_VERSION } from '../../domain/matching/blocking.ts';
import { DEFAULT_MODEL } from '../../domain/matching/model.ts';
import { personMatchKeys } from '../../domain/persons/normalise.ts';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { startRecordResolver } from '../../workers/identity/resolver.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';

const COUNT = 1_000;
const BATCH = 300;
const records = [...generatePersons({ count: COUNT, seed: 23 })];
const ndjson = () => Readable.from([`${records.map((record) => JSON.stringify(record)).join('\n')}\n`]);

/** Every stored person's blocking keys, sorted, by its record id. */
async function storedKeys(db: SqlClient): Promise<Map<string, string[]>> {
  const rows = await db.query<{ external_id: string; keys: string[] }>(
    `SELECT p.external_id, array_agg(i.value ORDER BY i.value COLLATE "C") AS keys
       FROM persons p JOIN person_identifiers i ON i.person_id = p.id AND i.kind = 'match_block' GROUP BY p.external_id`,
  );
  return new Map(rows.map((row) => [row.external_id, row.keys]));
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The keys this release gives every generated person, as storedKeys reads them. */
const currentKeys = new Map(records.map((record) => [record.id, [...new Set(personMatchKeys(record))].sort(byteOrder)]));

/**
 * Makes the database look as an older release left it: no name-and-street keys (`fw`), a key this release no
 * longer makes, the version before this one, and nothing queued for the resolver.
 */
async function keyAsAnOlderRelease(db: SqlClient): Promise<void> {
  await db.query(`DELETE FROM person_identifiers WHERE kind = 'match_block' AND value LIKE 'fw:%'`);
  await db.query(`INSERT INTO person_identifiers (kind, value, person_id) SELECT 'match_block', 'gone:' || id, id FROM persons WHERE id % 7 = 0`);
  await db.query('UPDATE match_keys_version SET version = $1, rekeyed_through = 0', [MATCH_KEYS_VERSION - 1]);
  await db.query('DELETE FROM records_to_resolve');
}

const queued = async (db: SqlClient) =>
  ((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM records_to_resolve')) as [{ n: number }])[0].n;
const versionState = async (db: SqlClient) =>
  ((await db.query<{ version: number; through: string }>('SELECT version, rekeyed_through::text AS through FROM match_keys_version')) as [
    { version: number; through: string },
  ])[0];

describe.each(dataImplementations({ copy: pgCopyPersonWriter, sql: sqlPersonWriter }))('keying stored persons again ($name)', (implementation) => {
  let subject: DataSubject<PersonWriter>;
  beforeAll(async () => {
    subject = await implementation.open();
    await importPersons(subject.writer, ndjson(), { batchSize: 250 });
    await subject.writer.close();
  });
  afterAll(() => subject?.done());

  it('gives an import the keys of this release, and a new database their version with its first import', async () => {
    expect(await storedKeys(subject.db)).toEqual(currentKeys);
    expect(await versionState(subject.db)).toEqual({ version: MATCH_KEYS_VERSION, through: '0' });
  });

  it("walks an older release's persons a batch a transaction, from where it stopped, to this release's keys, queuing those it changed", async () => {
    await keyAsAnOlderRelease(subject.db);
    await subject.db.query(TAKE_KEYS_VERSION_WHILE_EMPTY); // as an import's batch does: persons are stored, so no
    expect(await versionState(subject.db)).toEqual({ version: MATCH_KEYS_VERSION - 1, through: '0' });
    const withoutStreetKeys = await storedKeys(subject.db);
    const changing = [...currentKeys].filter(([id, keys]) => JSON.stringify(withoutStreetKeys.get(id)) !== JSON.stringify(keys)).length;
    expect(currentKeys.size).toBeGreaterThan(3 * BATCH); // the generator repeats a few ids: a record replaced
    expect(changing).toBeGreaterThan(currentKeys.size / 2);

    const first = await refreshMatchKeysBatch(subject.db, BATCH);
    expect(first).toMatchObject({ records: BATCH, unreadable: 0, done: false });
    const [{ id: last }] = (await subject.db.query<{ id: string }>('SELECT p.id::text AS id FROM persons p ORDER BY p.id OFFSET $1 LIMIT 1', [BATCH - 1])) as [{ id: string }];
    expect(await versionState(subject.db)).toEqual({ version: MATCH_KEYS_VERSION - 1, through: last });

    const rest = [];
    for (let run = 0; run < 10 && !rest.at(-1)?.done; run++) rest.push(await refreshMatchKeysBatch(subject.db, BATCH));
    expect(rest.map((counts) => counts.records)).toEqual([BATCH, BATCH, currentKeys.size - 3 * BATCH]);
    expect(rest.at(-1)!.done).toBe(true);
    expect(await storedKeys(subject.db)).toEqual(currentKeys);
    expect(first.changed + rest.reduce((sum, counts) => sum + counts.changed, 0)).toBe(changing);
    expect(await queued(subject.db)).toBe(changing);
    expect(await versionState(subject.db)).toEqual({ version: MATCH_KEYS_VERSION, through: '0' });
    expect(await refreshMatchKeysBatch(subject.db, BATCH)).toEqual({ records: 0, changed: 0, unreadable: 0, done: true });
  });
});

describe("the identity workers' resolver", () => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    await importPersons(sqlPersonWriter(db), ndjson(), { batchSize: 250 });
  });
  afterAll(() => db?.close());

  it("keys an older release's persons again and resolves those whose keys changed in the same run", async () => {
    await keyAsAnOlderRelease(db);
    const resolver = startRecordResolver({ persons: personStore(db), model: async () => DEFAULT_MODEL, log: createLogger('silent'), everyMs: 3_600_000 });
    await resolver.stop(); // the first run starts at once; stop waits for it
    expect(await storedKeys(db)).toEqual(currentKeys);
    expect(await versionState(db)).toEqual({ version: MATCH_KEYS_VERSION, through: '0' });
    expect(await queued(db)).toBe(0);
  });

  it('resolves the queued records when keying fails, and logs the failure', async () => {
    const warnings: string[] = [];
    const log = Object.assign(createLogger('silent'), { warn: (_fields: unknown, message: string) => warnings.push(message) });
    await db.query('ALTER TABLE match_keys_version RENAME TO match_keys_version_gone');
    await queueAllForResolution(db);
    try {
      const resolver = startRecordResolver({ persons: personStore(db), model: async () => DEFAULT_MODEL, log, everyMs: 3_600_000 });
      await resolver.stop();
    } finally {
      await db.query('ALTER TABLE match_keys_version_gone RENAME TO match_keys_version');
    }
    expect(warnings).toEqual(["keying stored persons by this release's blocking keys failed; trying again later"]);
    expect(await queued(db)).toBe(0);
  });
});
