import type { Readable } from 'node:stream';
import type { IdentifierHistory, KeysLookup, NamedPersons, PersonsLookup, PersonStore, StoredPerson } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { importPersons, sqlPersonWriter } from './import.ts';
import { personHow, recordsWhy } from './graph-explain.ts';
import { personsToReview } from './person-doubts.ts';
import { decideRecords } from './record-decisions.ts';
import { importPersonsCsv } from './import-csv.ts';
import { latestModel, trainMatchModel } from './match-models.ts';
import { resolveAllQueued } from './resolve-records.ts';
import { refreshMatchKeys } from './match-keys-refresh.ts';
import { LIVE_PERSONS_OF, RECORD_IDS_OF_PERSON } from './records-of-person.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';
import { personDocument } from '../../domain/identity-graph/survivorship.ts';

/**
 * Persons a transaction of an import over the admin API. The embedded database keeps the memory of the largest
 * batch it held (WebAssembly memory never shrinks), and the batch in hand and the one parsed beside it stay on
 * V8's heap until a full collection: at 5,000 a batch an embedded Kith reaches 510-560 MB importing 10,000
 * persons, at 500 about 400 MB, in the same time (docs/decisions.md, "The embedded database's memory").
 */
export const ADMIN_IMPORT_BATCH = 500;

/** The person data over any SqlClient: key lookups for the matcher, imports over the admin API, and training. */
export function personStore(db: SqlClient): PersonStore {
  /**
   * A row per person a lookup's keys name, with the keys that name it (`asked`, their positions in the statement's
   * arrays, from 1), so that a person named by several keys (an email's MD5 and SHA-256) is read, sent and parsed
   * once: 0.88 -> 0.66 ms for nine email lookups on PGlite against one row a key. The account's records of a person
   * are those under its id or one merged into it, as one list the index on (account, person) looks up: an OR of the
   * two read every record of the account (1.9 ms against 0.26 for 20,000 records on PostgreSQL).
   */
  async function personsWithRecordsByKeysMany(lookups: PersonsLookup[]): Promise<NamedPersons[]> {
    const asked = lookups.flatMap((lookup, at) => lookup.keys.map((key) => ({ at, key, lookup })));
    const found = lookups.map((): NamedPersons => ({ named: new Map(), records: new Map() }));
    if (asked.length === 0) return found;
    const rows = await db.query<{ at: number; asked: number[]; person_id: string; records: RecordJson[] | null; account_records: AccountRecordRow[] }>(
      `SELECT n.at, n.asked, n.person_id::text AS person_id, d.records, r.account_records
         FROM (SELECT k.at, k.account_id, ${PERSON_OF_RECORD} AS person_id, array_agg(DISTINCT k.n::int) AS asked
                 FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::uuid[]) WITH ORDINALITY AS k (at, kind, value, per_key, account_id, n)
                 CROSS JOIN LATERAL (SELECT i.person_id AS record_id FROM person_identifiers i
                                      WHERE i.kind = k.kind AND i.value = k.value
                                      ORDER BY i.person_id LIMIT k.per_key) AS m
                 LEFT JOIN record_persons rp ON rp.record_id = m.record_id
                GROUP BY k.at, k.account_id, 3) AS n
         CROSS JOIN LATERAL (${RECORDS_OF_PERSON('n.person_id')}) AS d
         CROSS JOIN LATERAL (SELECT coalesce(json_agg(json_build_object('record_id', r.record_id, 'partner_id', r.partner_id)
                                                      ORDER BY r.record_id), '[]') AS account_records
                               FROM identity_records r
                              WHERE r.account_id = n.account_id
                                AND r.person_id IN (SELECT n.person_id UNION ALL SELECT from_id FROM person_redirects WHERE to_id = n.person_id)) AS r
        ORDER BY n.at, n.person_id`,
      [
        asked.map((item) => item.at),
        asked.map((item) => item.key.kind),
        asked.map((item) => item.key.value),
        asked.map((item) => item.lookup.perKey),
        asked.map((item) => item.lookup.accountId),
      ],
    );
    for (const row of rows) {
      const { named, records } = found[row.at]!;
      for (const position of row.asked) addNamed(named, asked[position - 1]!.key, row.person_id);
      if (!row.records) continue;
      const accountRecords = row.account_records.map((record) => ({ recordId: record.record_id, partnerId: record.partner_id, personId: row.person_id }));
      records.set(row.person_id, { ...storedPerson(row.person_id, row.records), accountRecords });
    }
    return found;
  }

  /** personsByKeys of each lookup, in one statement, in their order. */
  async function personsByKeysMany(lookups: KeysLookup[]): Promise<Map<string, string[]>[]> {
    const asked = lookups.flatMap((lookup, at) => lookup.keys.map((key) => ({ at, key, perKey: lookup.perKey })));
    const found = lookups.map(() => new Map<string, string[]>());
    if (asked.length === 0) return found;
    // One row a key, its persons in an array: a name and address's keys name hundreds of persons in all, and a row
    // costs more to send and parse than an element.
    const rows = await db.query<{ at: number; kind: string; value: string; person_ids: string[] }>(
      `SELECT k.at, k.kind, k.value, n.person_ids
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS k (at, kind, value, per_key)
         CROSS JOIN LATERAL (SELECT array_agg(${PERSON_OF_RECORD}::text ORDER BY m.record_id) AS person_ids
                               FROM (SELECT i.person_id AS record_id FROM person_identifiers i
                                      WHERE i.kind = k.kind AND i.value = k.value
                                      ORDER BY i.person_id LIMIT k.per_key) AS m
                               LEFT JOIN record_persons rp ON rp.record_id = m.record_id) AS n
        WHERE n.person_ids IS NOT NULL`,
      [asked.map((item) => item.at), asked.map((item) => item.key.kind), asked.map((item) => item.key.value), asked.map((item) => item.perKey)],
    );
    for (const row of rows) for (const personId of row.person_ids) addNamed(found[row.at]!, row as IdentifierKey, personId);
    return found;
  }

  async function byIdsMany(lists: string[][]): Promise<StoredPerson[][]> {
    const asked = lists.flatMap((ids, at) => ids.map((id) => ({ at, id })));
    const found = lists.map((): StoredPerson[] => []);
    if (asked.length === 0) return found;
    const rows = await db.query<{ at: number; person_id: string; records: RecordJson[] }>(
      `SELECT x.at, x.person_id::text AS person_id, d.records
         FROM (${LIVE_PERSONS_OF('unnest($1::int[], $2::bigint[]) AS a (at, id)', ['at'])}) AS x
         CROSS JOIN LATERAL (${RECORDS_OF_PERSON('x.person_id')}) AS d
        WHERE d.records IS NOT NULL`,
      [asked.map((item) => item.at), asked.map((item) => item.id)],
    );
    for (const row of rows) found[row.at]!.push(storedPerson(row.person_id, row.records));
    return found;
  }

  return {
    async personsByKeys(keys, perKey) {
      return (await personsByKeysMany([{ keys, perKey }]))[0]!;
    },

    personsByKeysMany,

    async personsWithRecordsByKeys(keys, perKey, accountId) {
      return (await personsWithRecordsByKeysMany([{ keys, perKey, accountId }]))[0]!;
    },

    personsWithRecordsByKeysMany,

    byIds: async (ids) => (await byIdsMany([ids]))[0]!,

    byIdsMany,

    async liveIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: string }>(
        `SELECT coalesce(r.to_id, a.id)::text AS id
           FROM unnest($1::bigint[]) WITH ORDINALITY AS a (id, n) LEFT JOIN person_redirects r ON r.from_id = a.id ORDER BY a.n`,
        [ids],
      );
      return rows.map((row) => row.id);
    },

    async identifierHistory(personId) {
      return db.query<IdentifierHistory>(
        `SELECT kind, value, to_char(min(first_seen), 'YYYY-MM-DD') AS "firstSeen", to_char(max(last_seen), 'YYYY-MM-DD') AS "lastSeen",
                sum(observations)::int AS observations
           FROM person_identifiers WHERE person_id IN (${RECORD_IDS_OF_PERSON('$1::bigint')})
          GROUP BY kind, value ORDER BY kind, value`,
        [personId],
      );
    },

    import: (input: Readable, { source, format, map } = {}) =>
      format === 'csv'
        ? importPersonsCsv(sqlPersonWriter(db, { source }), input, { batchSize: ADMIN_IMPORT_BATCH, map, mapOption: 'map' })
        : importPersons(sqlPersonWriter(db, { source }), input, { batchSize: ADMIN_IMPORT_BATCH }),
    trainMatchModel: (options) => trainMatchModel(db, options),
    resolveQueued: async (options = {}) => resolveAllQueued(db, options.model ?? (await latestModel(db)), options.progress),
    refreshMatchKeys: ({ batches }) => refreshMatchKeys(db, batches),
    explainPerson: (personId) => personHow(db, personId),
    explainRecords: (refs) => recordsWhy(db, refs),
    decideRecords: (refs, decision) => decideRecords(db, refs, decision),
    personsToReview: (options) => personsToReview(db, options),
  };
}

type RecordJson = { id: string; document: Record<string, unknown>; updated: string | null };

/** The person a record (`m.record_id`) is resolved into (`rp`, record_persons): its own id while never resolved. */
const PERSON_OF_RECORD = 'coalesce(rp.person_id, m.record_id)';

/** A person's records as one JSON array (`records`, in id order), null when it has none. */
const RECORDS_OF_PERSON = (person: string) =>
  `SELECT json_agg(json_build_object('id', p.id::text, 'document', p.document, 'updated', to_char(p.updated, 'YYYY-MM-DD')) ORDER BY p.id) AS records
     FROM persons p WHERE p.id IN (${RECORD_IDS_OF_PERSON(person)})`;

/** The person built from its records (domain/identity-graph/survivorship.ts). */
const storedPerson = (id: string, records: RecordJson[]): StoredPerson => ({ id, ...personDocument(records), records });
type AccountRecordRow = { record_id: string; partner_id: string | null };

/** Adds a person to those the key names, after the ones named before (once: several of its records may hold the key). */
function addNamed(named: Map<string, string[]>, key: IdentifierKey, personId: string): void {
  const id = keyId(key);
  const persons = named.get(id);
  if (persons) {
    if (!persons.includes(personId)) persons.push(personId);
  }
  else named.set(id, [personId]);
}

/** How personsByKeys names a key in its answer. */
export const keyId = (key: IdentifierKey): string => `${key.kind}:${key.value}`;
