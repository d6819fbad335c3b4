import type { ConsentEvent, ConsentStore } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import type { IdentifierKey } from '../persons/normalise.ts';

type EventRow = {
  id: string;
  type: 'create' | 'delete';
  purposes: ConsentEvent['purposes'];
  details: Record<string, unknown>;
  timestamp: string | null;
  created: string;
};

/** The subjects (oldest first) the keys name within the account. */
async function subjectsOf(db: SqlClient, accountId: string, keys: IdentifierKey[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<{ subject_id: string }>(
    `SELECT DISTINCT i.subject_id::text AS subject_id
       FROM unnest($2::text[], $3::text[]) AS k (kind, value)
       JOIN consent_identifiers i ON i.account_id = $1 AND i.kind = k.kind AND i.value = k.value
      ORDER BY 1`,
    [accountId, keys.map((key) => key.kind), keys.map((key) => key.value)],
  );
  return rows.map((row) => row.subject_id).sort((a, b) => Number(a) - Number(b));
}

/** Consent subjects, their identifier keys and their events over any SqlClient; every statement names the account. */
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
          await tx.query('UPDATE consent_identifiers SET subject_id = $2 WHERE account_id = $1 AND subject_id = ANY($3::bigint[])', [accountId, subject, merged]);
          await tx.query('UPDATE consent_events SET subject_id = $2 WHERE account_id = $1 AND subject_id = ANY($3::bigint[])', [accountId, subject, merged]);
          await tx.query('DELETE FROM consent_subjects WHERE account_id = $1 AND id = ANY($2::bigint[])', [accountId, merged]);
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
        `SELECT id::text AS id, type, purposes, details, timestamp::text AS timestamp,
                (extract(epoch FROM created_at) * 1000)::bigint::text AS created
           FROM consent_events WHERE account_id = $1 AND subject_id = ANY($2::bigint[])
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
