import type { ClaimInput, HeldClaim, IdempotencyStore } from './port.ts';
import type { SqlClient } from './sql-client.ts';

type KeyRow = { request_hash: string; status_code: number | null; response_body: string | null };

/** What a claim finds when the key is held by a claim that is neither expired nor to be taken over. */
function heldClaim(row: KeyRow, requestHash: string): HeldClaim {
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.status_code === null || row.response_body === null) return { kind: 'in-flight' };
  return { kind: 'completed', answer: { status: row.status_code, body: row.response_body } };
}

export function idempotencyStore(db: SqlClient): IdempotencyStore {
  /** A plain read: what holds the key, unless it is expired or to be taken over (undefined). */
  async function find({ accountId, key, requestHash, expiredBefore, abandonedBefore }: Omit<ClaimInput, 'now'>) {
    const [held] = await db.query<KeyRow & { takeover: boolean }>(
      `SELECT request_hash, status_code, response_body,
              (status_code IS NULL AND request_hash = $3 AND (claimed_at < $4 OR released)) AS takeover
       FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND claimed_at >= $5`,
      [accountId, key, requestHash, abandonedBefore, expiredBefore],
    );
    return held && !held.takeover ? heldClaim(held, requestHash) : undefined;
  }

  return {
    find,
    async claim(input) {
      // A retry often finds the key held: an Idempotency-Key's answer kept, or the first call's claim in flight.
      // The read decides those without writing or locking the row; only a claim needs the upsert below.
      const held = await find(input);
      if (held) return held;
      const { accountId, key, requestHash, now, expiredBefore, abandonedBefore } = input;
      // One statement claims a new key, or takes over one whose answer expired, whose claimant died or which
      // was released with the event it handed over (kept for the same request, forgotten with an expired one).
      const [claimed] = await db.query<{ handed_over: string | null }>(
        `INSERT INTO idempotency_keys (account_id, key, request_hash, claimed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, claimed_at = EXCLUDED.claimed_at,
               status_code = NULL, response_body = NULL, released = false,
               handed_over = CASE WHEN idempotency_keys.claimed_at < $5 THEN NULL ELSE idempotency_keys.handed_over END
           WHERE idempotency_keys.claimed_at < $5
              OR (idempotency_keys.status_code IS NULL AND idempotency_keys.request_hash = EXCLUDED.request_hash
                  AND (idempotency_keys.claimed_at < $6 OR idempotency_keys.released))
         RETURNING handed_over`,
        [accountId, key, requestHash, now, expiredBefore, abandonedBefore],
      );
      if (claimed) return claimed.handed_over === null ? { kind: 'claimed' } : { kind: 'claimed', handedOver: claimed.handed_over };
      // Another claim got there between the read and the upsert.
      const [existing] = await db.query<KeyRow>(
        'SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE account_id = $1 AND key = $2',
        [accountId, key],
      );
      if (!existing) return { kind: 'in-flight' }; // released between the two statements: let the caller retry
      return heldClaim(existing, requestHash);
    },
    async complete(accountId, key, answer) {
      await db.query(
        'UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE account_id = $1 AND key = $2',
        [accountId, key, answer.status, answer.body],
      );
    },
    async release(accountId, key, handedOver) {
      // One statement, its two parts exclusive: a key with an event, new or kept, keeps it; any other is deleted.
      await db.query(
        `WITH kept AS (
           UPDATE idempotency_keys SET handed_over = COALESCE($3, handed_over), released = true
            WHERE account_id = $1 AND key = $2 AND status_code IS NULL AND COALESCE($3, handed_over) IS NOT NULL
            RETURNING key)
         DELETE FROM idempotency_keys
          WHERE account_id = $1 AND key = $2 AND status_code IS NULL AND handed_over IS NULL AND $3::text IS NULL`,
        [accountId, key, handedOver ?? null],
      );
    },
    async sweep(expiredBefore) {
      const rows = await db.query('DELETE FROM idempotency_keys WHERE claimed_at < $1 RETURNING key', [expiredBefore]);
      return rows.length;
    },
  };
}
