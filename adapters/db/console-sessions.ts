import type { ConsoleHolder, ConsoleSession, ConsoleSessionStore } from './port.ts';
import type { SqlClient } from './sql-client.ts';

type HolderRow = { account_id: string | null; operator: boolean };
/** The two columns a holder is stored as: an account's id, or none and `operator` (migration 029 allows no other). */
const holderColumns = (holder: ConsoleHolder) => (holder.kind === 'operator' ? [null, true] : [holder.accountId, false]);
const holderOf = (row: HolderRow): ConsoleHolder => (row.operator ? { kind: 'operator' } : { kind: 'account', accountId: row.account_id! });

/**
 * The console's login tokens and sessions, by the SHA-256 of their secret (the caller hashes). A login token
 * is spent by the one UPDATE that finds it unused and unexpired, so two clicks on a link open one session.
 */
export function consoleSessionStore(db: SqlClient): ConsoleSessionStore {
  return {
    async createLoginToken(input) {
      await db.query('INSERT INTO console_login_tokens (token_hash, account_id, operator, expires_at) VALUES ($1, $2, $3, $4)', [
        input.tokenHash,
        ...holderColumns(input.holder),
        input.expiresAt,
      ]);
    },
    async redeemLoginToken(tokenHash, now) {
      const [row] = await db.query<HolderRow>(
        `UPDATE console_login_tokens SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING account_id, operator`,
        [tokenHash, now],
      );
      return row && holderOf(row);
    },
    async createSession(input) {
      await db.query(
        `INSERT INTO console_sessions (token_hash, account_id, operator, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [input.tokenHash, ...holderColumns(input.holder), input.csrfToken, input.createdAt, input.expiresAt],
      );
    },
    async findSession(tokenHash, now) {
      const [row] = await db.query<HolderRow & { csrf_token: string; expires_at: Date }>(
        'SELECT account_id, operator, csrf_token, expires_at FROM console_sessions WHERE token_hash = $1 AND expires_at > $2',
        [tokenHash, now],
      );
      return row && ({ holder: holderOf(row), csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) } satisfies ConsoleSession);
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
