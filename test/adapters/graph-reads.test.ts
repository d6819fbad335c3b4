import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { BLOCKING_CANDIDATES, IDENTIFIER_KINDS_SQL, keySharing, matchedRecords, type KeySharing } from '../../adapters/persons/graph-reads.ts';
import { resolveQueuedRecords } from '../../adapters/persons/resolve-records.ts';
import { IDENTIFIER_KINDS } from '../../domain/identity-graph/record-fields.ts';
import { compareIds } from '../../domain/matching/id-order.ts';
import { DEFAULT_MODEL } from '../../domain/matching/model.ts';
import type { DataSubject } from '../support/data-databases.ts';
import { sourceImportImplementations, type SourceImports } from '../support/source-imports.ts';

const implementations = sourceImportImplementations();

/** People with nothing in common but an email's local part, each at a domain of their own. */
const NAMES = [
  ['Ansel', 'Brightwater'],
  ['Cora', 'Dunleavy'],
  ['Ezra', 'Fitzwilliam'],
  ['Greta', 'Holloway'],
  ['Ivo', 'Jankowski'],
  ['Kira', 'Lindqvist'],
];
const holder = ([given, family]: string[], at: number) => ({
  id: `crm-${at}`,
  fullName: `${given} ${family}`,
  details: { name: { given, family }, emails: [{ value: `jsmith@domain${at}.example`, label: 'work' }] },
});
const asker = { id: 'web-1', fullName: 'Mona Nakamura', details: { name: { given: 'Mona', family: 'Nakamura' }, emails: [{ value: 'jsmith@elsewhere.example', label: 'work' }] } };

const recordIds = async (db: SqlClient, source: string) =>
  (await db.query<{ id: string }>('SELECT id::text AS id FROM persons WHERE source = $1 ORDER BY id', [source])).map((row) => row.id);

describe.each(implementations)('the graph reads ($name)', (implementation) => {
  let subject: DataSubject<SourceImports>;
  beforeEach(async () => {
    subject = await implementation.open();
  });
  afterEach(async () => subject.done());

  describe("the records an email's local part brings in as candidates", () => {
    /** The records the asker is matched with once those holding its local part are resolved. */
    const matchedWith = async (holders: number) => {
      await subject.writer.import('crm', NAMES.slice(0, holders).map(holder));
      while ((await resolveQueuedRecords(subject.db, { ...DEFAULT_MODEL, persons: 1000 })).resolved > 0);
      await subject.writer.import('web', [asker]);
      const [askerId] = await recordIds(subject.db, 'web');
      // The resolver reads the records it took off the queue.
      await subject.db.query('DELETE FROM records_to_resolve WHERE record_id = $1', [askerId]);
      return { matched: (await matchedRecords(subject.db, [askerId!])).map((row) => row.matched_id).sort(), holders: await recordIds(subject.db, 'crm') };
    };

    it('are the records holding it while five or fewer do', async () => {
      const { matched, holders } = await matchedWith(5);
      expect(holders).toHaveLength(5);
      expect(matched).toEqual([...holders].sort());
    });

    it('are none once more than five hold it: such a local part is made from a name, or is a role, and says nobody', async () => {
      const { matched, holders } = await matchedWith(6);
      expect(holders).toHaveLength(6);
      expect(matched).toEqual([]);
    });
  });

  describe('the records sharing only blocking keys with a record', () => {
    /** An Oswin Thackeray living at a street, postcode and town of their own. */
    const namesake = (at: number, town = `Town ${at}`) => ({
      id: `crm-${at}`,
      fullName: 'Oswin Thackeray',
      details: {
        name: { given: 'Oswin', family: 'Thackeray' },
        locations: [{ addressLine1: `${at + 1} Street ${at}`, city: town, postalCode: `${10_000 + at}`, countryCode: 'US' }],
      },
    });
    const crowd = Array.from({ length: BLOCKING_CANDIDATES + 2 }, (_, at) => namesake(at));
    const townsman = namesake(crowd.length, 'Wexcombe');
    const emailHolder = {
      id: `crm-${crowd.length + 1}`,
      fullName: 'Priya Quennell',
      details: { name: { given: 'Priya', family: 'Quennell' }, emails: [{ value: 'oswin.t@mail.example', label: 'personal' }] },
    };
    const oswin = {
      id: 'web-1',
      fullName: 'Oswin Thackeray',
      details: {
        name: { given: 'Oswin', family: 'Thackeray' },
        emails: [{ value: 'oswin.t@mail.example', label: 'personal' }],
        locations: [{ addressLine1: '99 Elsewhere Road', city: 'Wexcombe', postalCode: '99999', countryCode: 'US' }],
      },
    };

    it('are the ones sharing most, the oldest among as many, besides every record sharing an identifier', async () => {
      // Imported after the crowd: the newest, they are not the oldest among as many.
      await subject.writer.import('crm', crowd);
      await subject.writer.import('crm', [townsman, emailHolder]);
      while ((await resolveQueuedRecords(subject.db, { ...DEFAULT_MODEL, persons: 1000 })).resolved > 0);
      await subject.writer.import('web', [oswin]);
      const [oswinId] = await recordIds(subject.db, 'web');
      await subject.db.query('DELETE FROM records_to_resolve WHERE record_id = $1', [oswinId]);
      const rows = await subject.db.query<{ id: string; external_id: string }>(`SELECT id::text AS id, external_id FROM persons WHERE source = 'crm'`);
      const idOf = new Map(rows.map((row) => [row.external_id, row.id]));
      const crowdIds = crowd.map((record) => idOf.get(record.id)!).sort(compareIds);
      const matched = (await matchedRecords(subject.db, [oswinId!])).map((row) => row.matched_id);
      // The townsman shares the name and the town; each of the crowd the name alone.
      expect(new Set(matched)).toEqual(new Set([idOf.get(emailHolder.id), idOf.get(townsman.id), ...crowdIds.slice(0, BLOCKING_CANDIDATES - 1)]));
    });
  });

  describe("the index of records' identifiers", () => {
    it('holds the kinds of key the resolver reads, no more and no fewer', async () => {
      const [index] = await subject.db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'person_identifiers_of_record'`);
      const kinds = [...index!.indexdef.matchAll(/'([a-z_0-9]+)'/g)].map((match) => match[1]);
      expect(kinds.sort()).toEqual([...IDENTIFIER_KINDS].sort());
    });

    it("is how a record's identifiers are read", async () => {
      await subject.writer.import('crm', NAMES.map(holder));
      const plan = await subject.db.transaction(async (tx) => {
        // The table is tiny here; a scan of it is what the planner would take otherwise.
        await tx.query('SET LOCAL enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT i.kind, i.value FROM person_identifiers i WHERE i.person_id = $1 AND ${IDENTIFIER_KINDS_SQL}`, ['1']);
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('person_identifiers_of_record');
    });
  });

  describe('key sharing read ahead of a batch', () => {
    /** The asker's id once three holders of its local part are resolved, the asker imported and taken off the queue. */
    const queuedAsker = async (record: object) => {
      await subject.writer.import('web', [record]);
      const [askerId] = await recordIds(subject.db, 'web');
      await subject.db.query('DELETE FROM records_to_resolve WHERE record_id = $1', [askerId]);
      return askerId!;
    };
    const matchedIds = async (askerId: string, ahead?: ReadonlyMap<string, KeySharing>) =>
      (await matchedRecords(subject.db, [askerId], ahead)).map((row) => row.matched_id).sort();
    beforeEach(async () => {
      await subject.writer.import('crm', NAMES.slice(0, 3).map(holder));
      while ((await resolveQueuedRecords(subject.db, { ...DEFAULT_MODEL, persons: 1000 })).resolved > 0);
    });

    it('is taken for a record whose keys are those it was read with', async () => {
      const askerId = await queuedAsker(asker);
      const ahead = await keySharing(subject.db, [askerId]);
      const holders = await recordIds(subject.db, 'crm');
      expect(ahead.get(askerId)!.sharers.sort()).toEqual(holders);
      // What was read ahead is what counts: a sharer it names is matched without being read again.
      ahead.set(askerId, { ...ahead.get(askerId)!, sharers: [holders[0]!] });
      expect(await matchedIds(askerId, ahead)).toEqual([holders[0]]);
    });

    it('is read again for a record whose keys changed after it was read ahead', async () => {
      const askerId = await queuedAsker(asker);
      const ahead = await keySharing(subject.db, [askerId]);
      // The same record again, at another local part: it shares a key with nobody now.
      await queuedAsker({ ...asker, details: { ...asker.details, emails: [{ value: 'm.nakamura@elsewhere.example', label: 'work' }] } });
      expect(ahead.get(askerId)!.sharers).toHaveLength(3);
      expect(await matchedIds(askerId, ahead)).toEqual([]);
      expect(await matchedIds(askerId)).toEqual([]);
    });
  });
});
