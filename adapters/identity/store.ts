import type { IdentityRecord, IdentityStore } from '../db/port.ts';
import type { Tag } from '../../schemas/events/payloads.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { mapRecords } from './map-records.ts';

type RecordRow = { record_id: string; partner_id: string | null; person_id: string | null };

/** A record's columns; its person as that person answers now (a merged-away id as the survivor's: `pr`). */
const RECORD_COLUMNS = 'r.record_id, r.partner_id, coalesce(pr.to_id, r.person_id)::text AS person_id';
/** The account's records, each with the redirect of its person if that person was merged into another. */
const RECORDS = 'identity_records r LEFT JOIN person_redirects pr ON pr.from_id = r.person_id';
const toRecord = (row: RecordRow): IdentityRecord => ({ recordId: row.record_id, partnerId: row.partner_id, personId: row.person_id });

/** Whether the account has this record. */
async function recordExists(db: SqlClient, accountId: string, recordId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM identity_records WHERE account_id = $1 AND record_id = $2', [accountId, recordId]);
  return rows.length > 0;
}

/** Customer records, their keys and tags, over any SqlClient; every statement names the account. */
export function identityStore(db: SqlClient): IdentityStore {
  const records = async (sql: string, params: unknown[]) => (await db.query<RecordRow>(sql, params)).map(toRecord);
  return {
    map: async (accountId, record) => (await mapRecords(db, [{ accountId, record }]))[0]!,
    mapMany: (mappings) => mapRecords(db, mappings),

    get: async (accountId, recordId) =>
      (await records(`SELECT ${RECORD_COLUMNS} FROM ${RECORDS} WHERE r.account_id = $1 AND r.record_id = $2`, [accountId, recordId]))[0],

    byPartnerId: async (accountId, partnerId) =>
      (await records(`SELECT ${RECORD_COLUMNS} FROM ${RECORDS} WHERE r.account_id = $1 AND r.partner_id = $2`, [accountId, partnerId]))[0],

    byKeys: (accountId, keys) =>
      keys.length === 0
        ? Promise.resolve([])
        : records(
            `SELECT DISTINCT ${RECORD_COLUMNS}
               FROM unnest($2::text[], $3::text[]) AS k (kind, value)
               JOIN identity_record_keys i ON i.account_id = $1 AND i.kind = k.kind AND i.value = k.value
               JOIN identity_records r ON r.account_id = $1 AND r.record_id = i.record_id
               LEFT JOIN person_redirects pr ON pr.from_id = r.person_id
              ORDER BY r.record_id`,
            [accountId, keys.map((key) => key.kind), keys.map((key) => key.value)],
          ),

    // The persons' ids and those merged into them as one list, looked up by the index on (account, person): an OR
    // of the two read every record of the account (3.0 ms against 0.16 for 20,000 records on PostgreSQL).
    byPersons: (accountId, personIds) =>
      personIds.length === 0
        ? Promise.resolve([])
        : records(
            `SELECT ${RECORD_COLUMNS} FROM ${RECORDS}
              WHERE r.account_id = $1
                AND r.person_id IN (SELECT unnest($2::bigint[]) UNION ALL SELECT from_id FROM person_redirects WHERE to_id = ANY($2::bigint[]))
              ORDER BY r.record_id`,
            [accountId, personIds],
          ),

    delete: (accountId, recordId) =>
      db.transaction(async (tx) => {
        const deleted = await tx.query('DELETE FROM identity_records WHERE account_id = $1 AND record_id = $2 RETURNING 1', [accountId, recordId]);
        await tx.query('DELETE FROM identity_record_keys WHERE account_id = $1 AND record_id = $2', [accountId, recordId]);
        await tx.query('DELETE FROM record_tags WHERE account_id = $1 AND record_id = $2', [accountId, recordId]);
        return deleted.length > 0;
      }),

    async tags(accountId, recordIds) {
      const byRecord = new Map<string, Tag[]>(recordIds.map((id) => [id, []]));
      if (recordIds.length === 0) return byRecord;
      const rows = await db.query<{ record_id: string; key: string; value: string }>(
        `SELECT record_id, key, value FROM record_tags WHERE account_id = $1 AND record_id = ANY($2::text[]) ORDER BY record_id, key, value`,
        [accountId, recordIds],
      );
      for (const row of rows) byRecord.get(row.record_id)?.push({ key: row.key, value: row.value });
      return byRecord;
    },

    addTags: (accountId, recordId, tags) =>
      db.transaction(async (tx) => {
        if (!(await recordExists(tx, accountId, recordId))) return false;
        await insertTags(tx, accountId, recordId, tags);
        return true;
      }),

    removeTags: (accountId, recordId, tags) =>
      db.transaction(async (tx) => {
        if (!(await recordExists(tx, accountId, recordId))) return false;
        if (tags === 'all') {
          await tx.query('DELETE FROM record_tags WHERE account_id = $1 AND record_id = $2', [accountId, recordId]);
        } else {
          await tx.query(
            `DELETE FROM record_tags t USING unnest($3::text[], $4::text[]) AS d (key, value)
              WHERE t.account_id = $1 AND t.record_id = $2 AND t.key = d.key AND t.value = d.value`,
            [accountId, recordId, tags.map((tag) => tag.key), tags.map((tag) => tag.value)],
          );
        }
        return true;
      }),
  };
}

/** Adds the pairs not there yet; a pair tagged before keeps its first creation time. */
async function insertTags(db: SqlClient, accountId: string, recordId: string, tags: Tag[]): Promise<void> {
  if (tags.length === 0) return;
  await db.query(
    `INSERT INTO record_tags (account_id, record_id, key, value)
     SELECT $1, $2, t.key, t.value FROM unnest($3::text[], $4::text[]) AS t (key, value)
     ON CONFLICT DO NOTHING`,
    [accountId, recordId, tags.map((tag) => tag.key), tags.map((tag) => tag.value)],
  );
}
