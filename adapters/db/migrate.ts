import { readdir, readFile } from 'node:fs/promises';
import type { SqlClient } from './sql-client.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Any constant works; it only has to be the same in every Kith process sharing the database. */
const MIGRATION_LOCK_ID = 4_242_001;

type Migration = { version: number; name: string; sql: string };

async function readMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: await readFile(new URL(file, MIGRATIONS_DIR), 'utf8'),
    })),
  );
}

/**
 * Applies the numbered migrations not applied yet, in one transaction holding an advisory lock, so that
 * several processes starting at once apply each migration exactly once. Returns the versions applied.
 */
export async function migrate(db: SqlClient): Promise<number[]> {
  const migrations = await readMigrations();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS kith_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM kith_migrations')).map((row) => row.version),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.execScript(migration.sql);
      await tx.query('INSERT INTO kith_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map((migration) => migration.version);
  });
}
