import type { WebhookSecret } from '../../schemas/admin/webhooks.ts';
import { coalesced } from '../coalesced.ts';
import type { WebhookSecretStore } from './port.ts';
import { isoTimestamp, isoTimestampOrNull } from './rows.ts';
import type { SqlClient } from './sql-client.ts';

type SecretRow = {
  current_secret: string;
  previous_secret: string | null;
  previous_expires_at: Date | null;
  rotated_at: Date;
};

/**
 * Signing secrets per account, kept as they are (signing needs them, as every Standard Webhooks sender does).
 * `generate` makes a new `whsec_` secret.
 */
export function webhookSecretStore(db: SqlClient, generate: () => string): WebhookSecretStore {
  /**
   * Each account's secrets, or undefined: every delivery reads its account's, so the reads asked while one is under
   * way go together (../coalesced.ts), one statement for the deliveries attempted meanwhile.
   */
  const read = coalesced(async (accountIds: string[]) => {
    const rows = await db.query<SecretRow & { account_id: string }>(
      `SELECT account_id, current_secret, previous_secret, previous_expires_at, rotated_at FROM webhook_secrets
       WHERE account_id = ANY($1::uuid[])`,
      [accountIds],
    );
    const byAccount = new Map(rows.map((row) => [row.account_id, row]));
    return accountIds.map((accountId) => byAccount.get(accountId.toLowerCase()));
  });

  /** The account's secrets, made on first use: one read for every delivery but an account's first. */
  async function current(accountId: string, now: Date): Promise<SecretRow> {
    const existing = await read(accountId);
    if (existing) return existing;
    await db.query(
      `INSERT INTO webhook_secrets (account_id, current_secret, rotated_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [accountId, generate(), now],
    );
    return (await read(accountId))!;
  }

  const stillSigning = (row: SecretRow, now: Date) =>
    row.previous_secret !== null && row.previous_expires_at !== null && row.previous_expires_at > now;

  function toSecret(row: SecretRow, now: Date): WebhookSecret {
    const previous = stillSigning(row, now);
    return {
      secret: row.current_secret,
      previousSecret: previous ? row.previous_secret : null,
      previousExpiresAt: previous ? isoTimestampOrNull(row.previous_expires_at) : null,
      rotatedAt: isoTimestamp(row.rotated_at),
    };
  }

  return {
    async signingSecrets(accountId, now) {
      const row = await current(accountId, now);
      return stillSigning(row, now) ? [row.current_secret, row.previous_secret!] : [row.current_secret];
    },
    async show(accountId, now) {
      return toSecret(await current(accountId, now), now);
    },
    async rotate(accountId, now, overlapMs) {
      await current(accountId, now);
      const [row] = await db.query<SecretRow>(
        `UPDATE webhook_secrets
         SET previous_secret = current_secret, previous_expires_at = $3, current_secret = $2, rotated_at = $4
         WHERE account_id = $1
         RETURNING current_secret, previous_secret, previous_expires_at, rotated_at`,
        [accountId, generate(), new Date(now.getTime() + overlapMs), now],
      );
      return toSecret(row!, now);
    },
  };
}
