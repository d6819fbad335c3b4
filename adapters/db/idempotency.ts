import type { FindInput, HeldClaim, IdempotencyStore } from './port.ts';
import type { SqlClient } from './sql-client.ts';

type KeyRow = { request_hash: string; status_code: number | null; response_body: string | null };

/** What a claim finds when the key is held by a claim that is neither expired nor to be taken over. */
function heldClaim(row: KeyRow, requestHash: string): HeldClaim {
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.status_code === null || row.response_body === null) return { kind: 'in-flight' };
  return { kind: 'completed', answer: { status: row.status_code, body: row.response_body } };
}

export function idempotencyStore(db: SqlClient): IdempotencyStore {
  /** Plain reads, one statement for any number: what holds each key, unless it is expired or to be taken over. */
  async function findMany(inputs: FindInput[]): Promise<(HeldClaim | undefined)[]> {
    const rows = await db.query<KeyRow & { at: number; takeover: boolean }>(
      `SELECT q.at::int AS at, k.request_hash, k.status_code, k.response_body,
              (k.status_code IS NULL AND k.request_hash = q.request_hash AND (k.claimed_at < q.abandoned_before OR k.released)) AS takeover
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[]) WITH ORDINALITY
                AS q (account_id, key, request_hash, abandoned_before, expired_before, at)
         CROSS JOIN LATERAL (SELECT * FROM idempotency_keys k
                              WHERE k.account_id = q.account_id AND k.key = q.key AND k.claimed_at >= q.expired_before) AS k`,
      [
        inputs.map((input) => input.accountId),
        inputs.map((input) => input.key),
        inputs.map((input) => input.requestHash),
        inputs.map((input) => input.abandonedBefore),
        inputs.map((input) => input.expiredBefore),
      ],
    );
    const found: (HeldClaim | undefined)[] = inputs.map(() => undefined);
    for (const row of rows) if (!row.takeover) found[row.at - 1] = heldClaim(row, inputs[row.at - 1]!.requestHash);
    return found;
  }
  const find = async (input: FindInput) => (await findMany([input]))[0];

  return {
    find,
    findMany,
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
    async claimedKeys(prefix, since) {
      const rows = await db.query<{ account_id: string; key: string; claimed_at: Date }>(
        'SELECT account_id, key, claimed_at FROM idempotency_keys WHERE starts_with(key, $1) AND claimed_at >= $2',
        [prefix, since],
      );
      return rows.map((row) => ({ accountId: row.account_id, key: row.key, claimedAt: row.claimed_at }));
    },
  };
}
