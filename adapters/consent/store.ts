import type { ConsentEvent, ConsentStore } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';

type EventRow = {
  id: string;
  type: 'create' | 'delete';
  purposes: ConsentEvent['purposes'];
  details: Record<string, unknown>;
  timestamp: string | null;
  created: string;
};

/**
 * The individuals the keys name within the account, each as its subject that was never merged into another
 * (oldest first): the subjects the keys' identifiers name, followed up through the merges.
 */
async function subjectsOf(db: SqlClient, accountId: string, keys: IdentifierKey[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<{ subject_id: string }>(
    `WITH RECURSIVE up (id) AS (
       SELECT i.subject_id
         FROM unnest($2::text[], $3::text[]) AS k (kind, value)
         JOIN consent_identifiers i ON i.account_id = $1 AND i.kind = k.kind AND i.value = k.value
       UNION
       SELECT m.into_id FROM up JOIN consent_merges m ON m.account_id = $1 AND m.merged_id = up.id
     )
     SELECT up.id::text AS subject_id FROM up
      WHERE NOT EXISTS (SELECT 1 FROM consent_merges m WHERE m.account_id = $1 AND m.merged_id = up.id)`,
    [accountId, keys.map((key) => key.kind), keys.map((key) => key.value)],
  );
  return rows.map((row) => row.subject_id).sort((a, b) => Number(a) - Number(b));
}

/**
 * Consent subjects, their identifier keys, their events and their merges over any SqlClient; every statement names
 * the account. Rows are only ever inserted: nothing of consent is updated or deleted.
 */
export function consentStore(db: SqlClient): ConsentStore {
  return {
    record: (accountId, keys, event) =>
      db.transaction(async (tx) => {
        // The same event again (its request handled twice): appended already, with its keys linked.
        const [known] = await tx.query('SELECT 1 FROM consent_events WHERE account_id = $1 AND id = $2', [accountId, event.permissionId]);
        if (known) return;
        const named = await subjectsOf(tx, accountId, keys);
        let subject = named[0];
        if (subject === undefined) {
          const [created] = await tx.query<{ id: string }>('INSERT INTO consent_subjects (account_id) VALUES ($1) RETURNING id::text AS id', [accountId]);
          subject = created!.id;
        }
        const merged = named.slice(1);
        if (merged.length > 0) {
          // Appended, not applied: the merged subjects' events and identifiers stay as they are, and lookups follow this.
          await tx.query(
            `INSERT INTO consent_merges (account_id, merged_id, into_id, permission_id)
             SELECT $1, merged, $3, $4 FROM unnest($2::bigint[]) AS merged`,
            [accountId, merged, subject, event.permissionId],
          );
        }
        await tx.query(
          `INSERT INTO consent_identifiers (account_id, kind, value, subject_id)
           SELECT $1, k.kind, k.value, $4 FROM unnest($2::text[], $3::text[]) AS k (kind, value)
           ON CONFLICT DO NOTHING`,
          [accountId, keys.map((key) => key.kind), keys.map((key) => key.value), subject],
        );
        await tx.query(
          `INSERT INTO consent_events (id, account_id, subject_id, type, purposes, details, timestamp)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (id) DO NOTHING`,
          [event.permissionId, accountId, subject, event.type, JSON.stringify(event.purposes), JSON.stringify(event.details), event.timestamp],
        );
      }),

    knows: async (accountId, keys) => (await subjectsOf(db, accountId, keys)).length > 0,

    async events(accountId, keys) {
      const subjects = await subjectsOf(db, accountId, keys);
      if (subjects.length === 0) return [];
      const rows = await db.query<EventRow>(
        `WITH RECURSIVE members (id) AS (
           SELECT unnest($2::bigint[])
           UNION
           SELECT m.merged_id FROM members JOIN consent_merges m ON m.account_id = $1 AND m.into_id = members.id
         )
         SELECT id::text AS id, type, purposes, details, timestamp::text AS timestamp,
                (extract(epoch FROM created_at) * 1000)::bigint::text AS created
           FROM consent_events WHERE account_id = $1 AND subject_id IN (SELECT id FROM members)
          ORDER BY created_at DESC, id`,
        [accountId, subjects],
      );
      return rows.map((row) => ({
        permissionId: row.id,
        type: row.type,
        purposes: row.purposes,
        details: row.details,
        timestamp: row.timestamp === null ? null : Number(row.timestamp),
        created: Number(row.created),
      }));
    },
  };
}
