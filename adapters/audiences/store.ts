import type { Audience, AudienceCreation, AudienceMember, AudienceStore } from '../db/port.ts';
import type { Tag } from '../../schemas/events/payloads.ts';
import { isoTimestamp, isoTimestampOrNull } from '../db/rows.ts';
import type { SqlClient } from '../db/sql-client.ts';

type AudienceRow = {
  id: string;
  account_id: string;
  tags: Tag[];
  status: Audience['status'];
  members: number | null;
  bytes: string | null;
  created_at: Date;
  expires_at: Date | null;
};

/** Audiences and the records they are built from, over any SqlClient. */
export function audienceStore(db: SqlClient): AudienceStore {
  return {
    create(accountId, id, tags) {
      // The account's row is locked first and the count made after, in a statement of its own (so with a snapshot
      // taken after the lock): creates at once are counted one after another, and the limit holds exactly.
      return db.transaction(async (tx): Promise<AudienceCreation> => {
        const [plan] = await tx.query<{ audience_limit: number }>(
          'SELECT p.audience_limit FROM accounts a JOIN plans p ON p.id = a.plan_id WHERE a.id = $1 FOR UPDATE OF a',
          [accountId],
        );
        const limit = plan?.audience_limit ?? 0;
        const [held] = await tx.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM audiences WHERE account_id = $1 AND status IN ('building', 'ready')`,
          [accountId],
        );
        if ((held?.count ?? 0) >= limit) return { created: false, limit };
        await tx.query(`INSERT INTO audiences (id, account_id, tags, status) VALUES ($1, $2, $3, 'building') ON CONFLICT (id) DO NOTHING`, [
          id,
          accountId,
          JSON.stringify(tags),
        ]);
        return { created: true };
      });
    },

    async get(accountId, id) {
      const [row] = await db.query<AudienceRow>(
        'SELECT id::text AS id, account_id::text AS account_id, tags, status, members, bytes::text AS bytes, created_at, expires_at FROM audiences WHERE account_id = $1 AND id = $2',
        [accountId, id],
      );
      if (!row) return undefined;
      return {
        id: row.id,
        accountId: row.account_id,
        tags: row.tags,
        status: row.status,
        members: row.members,
        bytes: row.bytes === null ? null : Number(row.bytes),
        createdAt: isoTimestamp(row.created_at),
        expiresAt: isoTimestampOrNull(row.expires_at),
      };
    },

    async members(accountId, tags, taggedBefore, after, limit) {
      const rows = await db.query<{ record_id: string; partner_id: string | null; person_id: string | null; emails: string; maids: string }>(
        // Each tag's records are walked in recordId order from `after` (an index range, whatever the audience's
        // size), merged, and the page's records fetched by key.
        // A record's person as it answers now: a merged-away id as the survivor's (`pr`).
        `SELECT r.record_id, r.partner_id, coalesce(pr.to_id, r.person_id)::text AS person_id, r.emails::text AS emails, r.maids::text AS maids
           FROM (SELECT DISTINCT m.record_id
                   FROM unnest($3::text[], $4::text[]) AS q (key, value)
                   CROSS JOIN LATERAL (SELECT t.record_id FROM record_tags t
                                        WHERE t.account_id = $1 AND t.key = q.key AND t.value = q.value
                                          AND ($2::text IS NULL OR t.record_id > $2) AND t.created_at <= $5
                                        ORDER BY t.record_id LIMIT $6) AS m
                  ORDER BY m.record_id LIMIT $6) AS page
           JOIN identity_records r ON r.account_id = $1 AND r.record_id = page.record_id
           LEFT JOIN person_redirects pr ON pr.from_id = r.person_id
          ORDER BY r.record_id`,
        [accountId, after, tags.map((tag) => tag.key), tags.map((tag) => tag.value), taggedBefore, limit],
      );
      return rows.map(
        (row): AudienceMember => ({ recordId: row.record_id, partnerId: row.partner_id, personId: row.person_id, emailsJson: row.emails, maidsJson: row.maids }),
      );
    },

    async personCount(accountId, tags, taggedBefore) {
      const [row] = await db.query<{ persons: number }>(
        `SELECT count(DISTINCT coalesce(pr.to_id, r.person_id))::int AS persons
           FROM (SELECT DISTINCT t.record_id FROM record_tags t JOIN unnest($2::text[], $3::text[]) AS q (key, value) ON t.key = q.key AND t.value = q.value
                  WHERE t.account_id = $1 AND t.created_at <= $4) AS selected
           JOIN identity_records r ON r.account_id = $1 AND r.record_id = selected.record_id
           LEFT JOIN person_redirects pr ON pr.from_id = r.person_id`,
        [accountId, tags.map((tag) => tag.key), tags.map((tag) => tag.value), taggedBefore],
      );
      return row!.persons;
    },

    async sharedRecords(accountId, personIds) {
      if (personIds.length === 0) return [];
      const rows = await db.query<{ account_id: string; person_id: string; emails: string; maids: string }>(
        `SELECT r.account_id::text AS account_id, coalesce(pr.to_id, r.person_id)::text AS person_id, r.emails::text AS emails, r.maids::text AS maids
           FROM identity_records r JOIN accounts a ON a.id = r.account_id
           LEFT JOIN person_redirects pr ON pr.from_id = r.person_id
          WHERE r.person_id IN (SELECT unnest($2::bigint[]) UNION ALL SELECT from_id FROM person_redirects WHERE to_id = ANY($2::bigint[]))
            AND r.account_id <> $1 AND a.identity_sharing
          ORDER BY r.account_id, r.record_id`,
        [accountId, personIds],
      );
      return rows.map((row) => ({ accountId: row.account_id, personId: row.person_id, emailsJson: row.emails, maidsJson: row.maids }));
    },

    async ready(id, members, bytes, expiresAt) {
      await db.query(`UPDATE audiences SET status = 'ready', members = $2, bytes = $3, ready_at = now(), expires_at = $4 WHERE id = $1`, [
        id,
        members,
        bytes,
        expiresAt,
      ]);
    },

    async expire(now) {
      return (
        await db.query<{ id: string; account_id: string }>(
          `UPDATE audiences SET status = 'expired' WHERE status = 'ready' AND expires_at <= $1 RETURNING id::text AS id, account_id::text AS account_id`,
          [now],
        )
      ).map((row) => ({ id: row.id, accountId: row.account_id }));
    },
  };
}
