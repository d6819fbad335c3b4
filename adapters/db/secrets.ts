import { randomBytes } from 'node:crypto';
import type { SqlClient } from './sql-client.ts';

/**
 * A secret every process of the deployment shares, made on first use: whichever process asks first stores
 * it, the others read that one.
 */
export async function sharedSecret(db: SqlClient, name: string): Promise<string> {
  await db.query('INSERT INTO kith_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM kith_secrets WHERE name = $1', [name]);
  return row!.value;
}
