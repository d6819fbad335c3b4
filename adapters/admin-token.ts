import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const adminTokenPath = (dataDir: string) => join(dataDir, 'admin-token');

/** The admin token kept in the data directory (mode 0600), made on first start when none is configured. */
export async function readOrCreateAdminToken(dataDir: string): Promise<string> {
  const existing = await readAdminToken(dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const token = `kith_admin_${randomBytes(24).toString('base64url')}`;
  try {
    await writeFile(adminTokenPath(dataDir), `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readAdminToken(dataDir))!;
    throw error;
  }
}

export async function readAdminToken(dataDir: string): Promise<string | undefined> {
  try {
    return (await readFile(adminTokenPath(dataDir), 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
