import type { Readable } from 'node:stream';
import type { IdentifierHistory, PersonStore, StoredPerson } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { importPersons, sqlPersonWriter } from './import.ts';
import { trainMatchModel } from './match-models.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';

/** The person data over any SqlClient: key lookups for the matcher, imports over the admin API, and training. */
export function personStore(db: SqlClient): PersonStore {
  return {
    async personsByKeys(keys, perKey) {
      if (keys.length === 0) return new Map();
      const rows = await db.query<NamedRow>(`SELECT k.kind, k.value, m.person_id::text AS person_id FROM ${NAMED_BY_KEYS}`, keyParameters(keys, perKey));
      return namedByKey(rows);
    },

    async personsWithRecordsByKeys(keys, perKey, accountId) {
      if (keys.length === 0) return { named: new Map(), records: new Map() };
      const rows = await db.query<NamedRow & { document: Record<string, unknown> | null; updated: string | null; account_records: AccountRecordRow[] }>(
        `SELECT k.kind, k.value, m.person_id::text AS person_id, p.document, to_char(p.updated, 'YYYY-MM-DD') AS updated,
                r.account_records
           FROM ${NAMED_BY_KEYS}
           LEFT JOIN persons p ON p.id = m.person_id
           CROSS JOIN LATERAL (SELECT coalesce(json_agg(json_build_object('record_id', r.record_id, 'partner_id', r.partner_id)
                                                        ORDER BY r.record_id), '[]') AS account_records
                                 FROM identity_records r WHERE r.account_id = $4 AND r.person_id = m.person_id) AS r`,
        [...keyParameters(keys, perKey), accountId],
      );
      const records = new Map<string, StoredPerson>();
      for (const row of rows) {
        if (!row.document) continue;
        const accountRecords = row.account_records.map((record) => ({ recordId: record.record_id, partnerId: record.partner_id, personId: row.person_id }));
        records.set(row.person_id, { id: row.person_id, document: row.document, updated: row.updated, accountRecords });
      }
      return { named: namedByKey(rows), records };
    },

    async byIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: string; document: Record<string, unknown>; updated: string | null }>(
        `SELECT id::text AS id, document, to_char(updated, 'YYYY-MM-DD') AS updated FROM persons WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      return rows satisfies StoredPerson[];
    },

    async identifierHistory(personId) {
      return db.query<IdentifierHistory>(
        `SELECT kind, value, to_char(first_seen, 'YYYY-MM-DD') AS "firstSeen", to_char(last_seen, 'YYYY-MM-DD') AS "lastSeen", observations
           FROM person_identifiers WHERE person_id = $1 ORDER BY kind, value`,
        [personId],
      );
    },

    import: (input: Readable) => importPersons(sqlPersonWriter(db), input),
    trainMatchModel: (options) => trainMatchModel(db, options),
  };
}

type NamedRow = { kind: string; value: string; person_id: string };
type AccountRecordRow = { record_id: string; partner_id: string | null };

/** Each key (`k`) joined with the persons it names (`m`), at most $3 a key, lowest ids first. */
const NAMED_BY_KEYS = `unnest($1::text[], $2::text[]) AS k (kind, value)
           CROSS JOIN LATERAL (SELECT i.person_id FROM person_identifiers i
                                WHERE i.kind = k.kind AND i.value = k.value
                                ORDER BY i.person_id LIMIT $3) AS m`;

const keyParameters = (keys: IdentifierKey[], perKey: number) => [keys.map((key) => key.kind), keys.map((key) => key.value), perKey];

function namedByKey(rows: NamedRow[]): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const row of rows) {
    const id = keyId(row as IdentifierKey);
    named.set(id, [...(named.get(id) ?? []), row.person_id]);
  }
  return named;
}

/** How personsByKeys names a key in its answer. */
export const keyId = (key: IdentifierKey): string => `${key.kind}:${key.value}`;
