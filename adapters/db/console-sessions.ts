import type { ConsoleSession, ConsoleSessionStore } from './port.ts';
import type { SqlClient } from './sql-client.ts';

/**
 * The console's login tokens and sessions, by the SHA-256 of their secret (the caller hashes). A login token
 * is spent by the one UPDATE that finds it unused and unexpired, so two clicks on a link open one session.
 */
export function consoleSessionStore(db: SqlClient): ConsoleSessionStore {
  return {
    async createLoginToken(input) {
      await db.query('INSERT INTO console_login_tokens (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
        input.tokenHash,
        input.accountId,
        input.expiresAt,
      ]);
    },
    async redeemLoginToken(tokenHash, now) {
      const [row] = await db.query<{ account_id: string }>(
        `UPDATE console_login_tokens SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING account_id`,
        [tokenHash, now],
      );
      return row?.account_id;
    },
    async createSession(input) {
      await db.query(
        `INSERT INTO console_sessions (token_hash, account_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [input.tokenHash, input.accountId, input.csrfToken, input.createdAt, input.expiresAt],
      );
    },
    async findSession(tokenHash, now) {
      const [row] = await db.query<{ account_id: string; csrf_token: string; expires_at: Date }>(
        'SELECT account_id, csrf_token, expires_at FROM console_sessions WHERE token_hash = $1 AND expires_at > $2',
        [tokenHash, now],
      );
      return row && ({ accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) } satisfies ConsoleSession);
    },
    async deleteSession(tokenHash) {
      await db.query('DELETE FROM console_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async sweep(now) {
      const tokens = await db.query('DELETE FROM console_login_tokens WHERE expires_at <= $1 RETURNING 1', [now]);
      const sessions = await db.query('DELETE FROM console_sessions WHERE expires_at <= $1 RETURNING 1', [now]);
      return tokens.length + sessions.length;
    },
  };
}
