import type { WebhookSecret } from '../../schemas/admin/webhooks.ts';
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
  const read = async (accountId: string) =>
    (await db.query<SecretRow>('SELECT current_secret, previous_secret, previous_expires_at, rotated_at FROM webhook_secrets WHERE account_id = $1', [accountId]))[0];

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
