import type { SqlClient } from '../db/sql-client.ts';
import { recordFields, type RecordFields, type ResolvedDocument } from '../../domain/identity-graph/record-fields.ts';
import type { PersonCandidate } from '../../domain/identity-graph/resolve.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';
import { RECORD_IDS_OF_PERSON } from './records-of-person.ts';

/** Records one key may bring in as candidates at most: a key held by more is no evidence of one person anyway. */
const RECORDS_PER_KEY = 25;

/** The kinds of key that find candidates: every identifier and blocking key, but not a household's address. */
const CANDIDATE_KINDS = ['email_md5', 'email_sha256', 'phone_sha256', 'maid', 'profile_username', 'profile_userid', 'profile_url', 'li_nonid', 'name_placekey', 'name_address', 'match_block'];

type RecordRow = { record_id: string; document: ResolvedDocument; keys: IdentifierKey[] | null };

/** A record's keys as one JSON array (`keys`), null when it has none. */
const KEYS_OF_RECORD = `(SELECT json_agg(json_build_object('kind', i.kind, 'value', i.value)) FROM person_identifiers i WHERE i.person_id = p.id) AS keys`;

/** The fields of the records that exist of these, in id order. */
export async function readRecords(tx: SqlClient, recordIds: string[]): Promise<RecordFields[]> {
  if (recordIds.length === 0) return [];
  const rows = await tx.query<RecordRow>(
    `SELECT p.id::text AS record_id, p.document, ${KEYS_OF_RECORD} FROM persons p WHERE p.id = ANY($1::bigint[]) ORDER BY p.id`,
    [recordIds],
  );
  return rows.map((row) => recordFields(row.record_id, row.document, row.keys ?? []));
}

/** The record's fields, or undefined when it was deleted. */
export const readRecord = async (tx: SqlClient, recordId: string): Promise<RecordFields | undefined> => (await readRecords(tx, [recordId]))[0];

/** The person a record is resolved into, or undefined while it never was (it is then its own, under its id). */
export async function personOfRecord(tx: SqlClient, recordId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ person_id: string }>('SELECT person_id::text AS person_id FROM record_persons WHERE record_id = $1', [recordId]);
  return row?.person_id;
}

/**
 * The persons other records sharing a key with this one belong to: records waiting for their first resolution
 * are left out (they find this one when their turn comes, in id order).
 */
export async function candidatePersons(tx: SqlClient, record: RecordFields): Promise<string[]> {
  const rows = await tx.query<{ person_id: string }>(
    `SELECT DISTINCT coalesce(rp.person_id, m.record_id)::text AS person_id
       FROM (SELECT kind, value FROM person_identifiers WHERE person_id = $1 AND kind = ANY($2::text[])) AS k
       CROSS JOIN LATERAL (SELECT i.person_id AS record_id FROM person_identifiers i
                            WHERE i.kind = k.kind AND i.value = k.value AND i.person_id <> $1
                            ORDER BY i.person_id LIMIT $3) AS m
       LEFT JOIN record_persons rp ON rp.record_id = m.record_id
      WHERE rp.person_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM records_to_resolve q WHERE q.record_id = m.record_id)`,
    [record.id, CANDIDATE_KINDS, RECORDS_PER_KEY],
  );
  return rows.map((row) => row.person_id);
}

/** Each person with its records (all but `except`, the record being resolved), in the order asked. */
export async function personsWithRecords(tx: SqlClient, personIds: string[], except?: string): Promise<PersonCandidate[]> {
  if (personIds.length === 0) return [];
  const rows = await tx.query<RecordRow & { person_id: string }>(
    `SELECT x.person_id::text AS person_id, p.id::text AS record_id, p.document, ${KEYS_OF_RECORD}
       FROM unnest($1::bigint[]) AS x (person_id)
       CROSS JOIN LATERAL (${RECORD_IDS_OF_PERSON('x.person_id')}) AS r
       JOIN persons p ON p.id = r.record_id
      WHERE p.id IS DISTINCT FROM $2::bigint
      ORDER BY p.id`,
    [personIds, except ?? null],
  );
  return personIds.map((personId) => ({
    personId,
    records: rows.filter((row) => row.person_id === personId).map((row) => recordFields(row.record_id, row.document, row.keys ?? [])),
  }));
}
