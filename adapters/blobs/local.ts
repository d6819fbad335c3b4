import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './port.ts';

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Blobs as files under one directory. A blob is written to a temporary name and renamed when complete, so a
 * reader never sees half a file and a crash leaves no blob behind. Every process that serves downloads must see
 * the directory the builders write (one host, or a shared volume), as the same user: directories are made 0700
 * and files 0600 (audience files hold person data).
 */
export function localBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`not a blob key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = `${path}.partial-${randomBytes(4).toString('hex')}`;
      try {
        await pipeline(content, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return (await stat(path)).size;
    },
    async get(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      return info ? { stream: createReadStream(path), bytes: info.size } : undefined;
    },
    delete: (key) => rm(pathOf(key), { force: true }),
  };
}
