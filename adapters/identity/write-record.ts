import type { MappedRecord } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';

/**
 * Writes a mapped record in its person, in one statement: the record (its partner id, emails and MAIDs replaced),
 * its keys (those it no longer holds removed, new ones added, those still held left as they are) and its tags (the
 * pairs not there yet added). One round trip where there were four, each of which held the transaction open.
 */
export async function writeRecord(tx: SqlClient, accountId: string, record: MappedRecord, personId: string): Promise<void> {
  await tx.query(
    `WITH written AS (
       INSERT INTO identity_records (account_id, record_id, partner_id, person_id, emails, maids) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, record_id)
       DO UPDATE SET partner_id = EXCLUDED.partner_id, person_id = EXCLUDED.person_id,
                     emails = EXCLUDED.emails, maids = EXCLUDED.maids, updated_at = now()
     ), held AS (
       SELECT DISTINCT k.kind, k.value FROM unnest($7::text[], $8::text[]) AS k (kind, value)
     ), dropped AS (
       DELETE FROM identity_record_keys i
        WHERE i.account_id = $1 AND i.record_id = $2
          AND NOT EXISTS (SELECT 1 FROM held h WHERE h.kind = i.kind AND h.value = i.value)
     ), added AS (
       INSERT INTO identity_record_keys (account_id, kind, value, record_id)
       SELECT $1, h.kind, h.value, $2 FROM held h
       ON CONFLICT DO NOTHING
     )
     INSERT INTO record_tags (account_id, record_id, key, value)
     SELECT $1, $2, t.key, t.value FROM unnest($9::text[], $10::text[]) AS t (key, value)
     ON CONFLICT DO NOTHING`,
    [
      accountId,
      record.recordId,
      record.partnerId,
      personId,
      JSON.stringify(record.emails),
      JSON.stringify(record.maids),
      record.keys.map((key) => key.kind),
      record.keys.map((key) => key.value),
      record.tags.map((tag) => tag.key),
      record.tags.map((tag) => tag.value),
    ],
  );
}
