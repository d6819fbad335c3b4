import type { ApiKeyInfo } from '../../schemas/admin/keys.ts';
import type { ApiKeyStore } from './port.ts';
import { isoTimestamp, isoTimestampOrNull } from './rows.ts';
import type { SqlClient } from './sql-client.ts';

type KeyRow = {
  id: string;
  account_id: string;
  display_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const KEY_COLUMNS = 'id, account_id, display_prefix, created_at, last_used_at, revoked_at';

function toKeyInfo(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    accountId: row.account_id,
    displayPrefix: row.display_prefix,
    createdAt: isoTimestamp(row.created_at),
    lastUsedAt: isoTimestampOrNull(row.last_used_at),
    revokedAt: isoTimestampOrNull(row.revoked_at),
  };
}

export function apiKeyStore(db: SqlClient): ApiKeyStore {
  return {
    async create(input) {
      const [row] = await db.query<KeyRow>(
        `INSERT INTO api_keys (id, account_id, secret_hash, display_prefix) VALUES ($1, $2, $3, $4)
         RETURNING ${KEY_COLUMNS}`,
        [input.id, input.accountId, input.secretHash, input.displayPrefix],
      );
      return toKeyInfo(row!);
    },
    async listForAccount(accountId) {
      const rows = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`,
        [accountId],
      );
      return rows.map(toKeyInfo);
    },
    async revoke(keyId, at) {
      const [row] = await db.query<KeyRow>(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
        [keyId, at],
      );
      return row && toKeyInfo(row);
    },
    async findActive(secretHash) {
      const [row] = await db.query<{ id: string; account_id: string; rate_limit: number }>(
        `SELECT k.id, k.account_id, p.rate_limit
         FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.id = a.plan_id
         WHERE k.secret_hash = $1 AND k.revoked_at IS NULL`,
        [secretHash],
      );
      return row && { keyId: row.id, accountId: row.account_id, rateLimit: row.rate_limit };
    },
    async touch(keyId, at) {
      await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [keyId, at]);
    },
  };
}
