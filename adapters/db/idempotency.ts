import type { IdempotencyStore } from './port.ts';
import type { SqlClient } from './sql-client.ts';

type ClaimRow = { request_hash: string; status_code: number | null; response_body: string | null };

export function idempotencyStore(db: SqlClient): IdempotencyStore {
  return {
    async claim({ accountId, key, requestHash, now, expiredBefore, abandonedBefore }) {
      // One statement claims a new key, or takes over one whose answer expired or whose claimant died.
      const claimed = await db.query(
        `INSERT INTO idempotency_keys (account_id, key, request_hash, claimed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, claimed_at = EXCLUDED.claimed_at,
               status_code = NULL, response_body = NULL
           WHERE idempotency_keys.claimed_at < $5
              OR (idempotency_keys.status_code IS NULL AND idempotency_keys.claimed_at < $6
                  AND idempotency_keys.request_hash = EXCLUDED.request_hash)
         RETURNING key`,
        [accountId, key, requestHash, now, expiredBefore, abandonedBefore],
      );
      if (claimed.length > 0) return { kind: 'claimed' };
      const [existing] = await db.query<ClaimRow>(
        'SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE account_id = $1 AND key = $2',
        [accountId, key],
      );
      if (!existing) return { kind: 'in-flight' }; // released between the two statements: let the caller retry
      if (existing.request_hash !== requestHash) return { kind: 'mismatch' };
      if (existing.status_code === null || existing.response_body === null) return { kind: 'in-flight' };
      return { kind: 'completed', answer: { status: existing.status_code, body: existing.response_body } };
    },
    async complete(accountId, key, answer) {
      await db.query(
        'UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE account_id = $1 AND key = $2',
        [accountId, key, answer.status, answer.body],
      );
    },
    async release(accountId, key) {
      await db.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status_code IS NULL', [
        accountId,
        key,
      ]);
    },
    async sweep(expiredBefore) {
      const rows = await db.query('DELETE FROM idempotency_keys WHERE claimed_at < $1 RETURNING key', [expiredBefore]);
      return rows.length;
    },
  };
}
