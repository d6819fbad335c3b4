import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';
import type { SqlClient } from './sql-client.ts';

/**
 * The file that says an embedded database's first start finished: written into the directory where the database
 * is made, last, before that directory is moved into place (./pglite-cluster.ts). A database directory without it
 * was made in place by a Kith from before 2026-11-27, which may have been stopped half-way.
 */
export const FIRST_START_DONE = 'kith-first-start-done';

export async function markFirstStartDone(dir: string): Promise<void> {
  await writeFile(
    join(dir, FIRST_START_DONE),
    'The first start of this database finished: it was migrated and seeded as that start was asked to.\n',
    { mode: 0o600 },
  );
}

/** A database a first start left half-made: a ConfigError, so that start-up prints what to do, no stack. */
export class HalfMadeDatabase extends ConfigError {
  override name = 'HalfMadeDatabase';
  constructor(
    readonly dir: string,
    why: string,
  ) {
    super(
      `KITH_DATA_DIR: the embedded database in ${dir} is half-made: ${why}. To start clean, stop Kith and delete ${dir} ` +
        `(the next start makes it again, with the demo unless KITH_DEMO=false), or set KITH_DATA_DIR to a new directory. ` +
        `To keep it as it is, create the file ${join(dir, FIRST_START_DONE)}.`,
    );
  }
}

async function holdsAnAccount(db: SqlClient): Promise<boolean> {
  // A first start stopped during its migrations, which are one transaction, left no tables at all.
  const [table] = await db.query<{ found: boolean }>(`SELECT to_regclass('accounts') IS NOT NULL AS found`);
  if (!table?.found) return false;
  const [account] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found');
  return account?.found === true;
}

/**
 * Judges a database an earlier Kith made in place, without the marker, once: when it holds an account it is taken as
 * finished and marked so; when it holds none it is refused as half-made. The demo's account is the last thing a first
 * start made, after the migrations and the generated persons and companies, and no Kith serves anything without an
 * account: one without any is a first start stopped before its end (or one never used, which the marker keeps).
 */
export async function judgeEarlierDatabase(db: SqlClient, dir: string): Promise<void> {
  if (await holdsAnAccount(db)) return markFirstStartDone(dir);
  throw new HalfMadeDatabase(
    dir,
    'an earlier Kith made it in place, and its first start was stopped before it finished (it holds no account, and ' +
      "the demo's account is the last thing a first start makes)",
  );
}
