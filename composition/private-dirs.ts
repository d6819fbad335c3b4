import { relative, resolve as absolute } from 'node:path';
import { makeOwnerOnly } from '../adapters/data-dir.ts';
import type { ServerConfig } from '../adapters/config.ts';
import type { Logger } from '../adapters/logger.ts';

/**
 * KITH_DATA_DIR and KITH_BLOB_DIR owner-only: created 0700, or an existing one tightened (0700 directories,
 * 0600 files), which the log says. Everything Kith keeps there (the database with its WAL, the admin token,
 * audience files) is no other local user's to read. On PostgreSQL a process may need neither (a worker on a
 * read-only file system): they are tightened when they exist, and made when first written.
 */
export async function makePrivate(config: ServerConfig, log: Logger): Promise<void> {
  const blobsInData = !relative(absolute(config.dataDir), absolute(config.blobDir)).startsWith('..');
  const dirs: [string, string][] = [['KITH_DATA_DIR', config.dataDir]];
  if (!blobsInData) dirs.push(['KITH_BLOB_DIR', config.blobDir]);
  for (const [variable, dir] of dirs) {
    const { tightened, refused } = await makeOwnerOnly(dir, { create: !config.databaseUrl });
    if (tightened > 0) {
      log.warn({ [variable]: dir, paths: tightened }, `${variable} was open to other local users: made owner-only (0700 directories, 0600 files)`);
    }
    if (refused > 0) {
      log.warn({ [variable]: dir, paths: refused }, `${variable}: some paths are another user's and stay open to other local users`);
    }
  }
}

