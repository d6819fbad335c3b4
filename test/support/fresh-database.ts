import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { databaseUrl } from './modes.ts';

/** A PostgreSQL database of its own for a suite, so that its counts are its own; `drop` removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kith_test_${randomUUID().replaceAll('-', '')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    await admin.query(sql);
    await admin.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
