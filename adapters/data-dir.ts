import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ConfigError } from './config.ts';

/**
 * The data directory's lock and permissions (docs/decisions.md, "One process per embedded data directory" and
 * "Owner-only data and blob directories").
 */

/** The file whose lock marks an embedded data directory as in use; it holds the holder's pid, for the message. */
export const LOCK_FILE = 'kith.lock';

/** Another process holds the data directory: a ConfigError, so that start-up prints the message, no stack. */
export class DataDirInUse extends ConfigError {
  override name = 'DataDirInUse';
  constructor(
    readonly dir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `KITH_DATA_DIR: ${dir} is in use by another Kith process${holderPid ? ` (pid ${holderPid})` : ''}; two processes ` +
        `on one embedded database would lose each other's writes. Stop that process, or set KITH_DATA_DIR to another directory.`,
    );
  }
}

export type DataDirLock = {
  /** Closes the lock file, which releases the lock; idempotent. */
  release(): void;
};

type FileLocks = { tryLock(fd: number): boolean };

/** Errors of a lock attempt that mean another process holds it. */
const HELD = new Set(['EAGAIN', 'EWOULDBLOCK', 'EBUSY', 'EACCES']);

const require = createRequire(import.meta.url);
let fileLocks: FileLocks | undefined;

/** fs-native-extensions, loaded on first use: only the embedded mode locks, and only it needs the addon. */
function loadFileLocks(): FileLocks {
  try {
    fileLocks ??= require('fs-native-extensions') as FileLocks;
    return fileLocks;
  } catch (error) {
    throw new ConfigError(
      `KITH_DATA_DIR: the embedded database needs a lock on its directory, and the file-lock addon (fs-native-extensions) ` +
        `has no build for ${process.platform}-${process.arch} here (${(error as Error).message.split('\n')[0]}); ` +
        `use DATABASE_URL instead`,
    );
  }
}

/**
 * Takes the exclusive lock of an embedded data directory (created owner-only when missing) for as long as the
 * process holds it open: an advisory lock the kernel keeps on the open file (an open-file-description lock on
 * Linux, flock on macOS, LockFileEx on Windows). A process that dies, even by SIGKILL, releases it, so no stale
 * lock survives a crash; two processes starting at once cannot both get it. Throws DataDirInUse at once when
 * another process holds it.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const locks = loadFileLocks();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, LOCK_FILE);
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked: boolean;
  try {
    locked = locks.tryLock(fd);
  } catch (error) {
    // EAGAIN is answered as false; Windows' lock violation may come as one of these.
    if (!HELD.has((error as NodeJS.ErrnoException).code ?? '')) {
      closeSync(fd);
      throw error;
    }
    locked = false;
  }
  if (!locked) {
    closeSync(fd);
    throw new DataDirInUse(resolve(dir), holderOf(path));
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`, 0);
  let open = true;
  return {
    release() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // Windows' lock also keeps others from reading; the holder may not have written yet
  }
}

export type Tightened = {
  /** Directories and files whose group or other permission bits were removed. */
  tightened: number;
  /** Those that this process could not change (another user's). */
  refused: number;
};

const ignoreMissing = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/** Errors of a path this process may not change or read: counted as refused, not thrown. */
const NOT_OURS = new Set(['EPERM', 'EACCES', 'EROFS']);

/**
 * Creates `dir` owner-only when it is missing, and makes an existing one and everything under it owner-only:
 * the group and other bits (and set-id bits) go, the owner's stay (a 0755 directory becomes 0700, a 0666 file
 * 0600). Symbolic links are not followed. On Windows, where modes do not exist, it only creates the directory.
 * With `create: false` a missing directory is left missing.
 */
export async function makeOwnerOnly(dir: string, { create = true }: { create?: boolean } = {}): Promise<Tightened> {
  if (create) await mkdir(dir, { recursive: true, mode: 0o700 });
  const result: Tightened = { tightened: 0, refused: 0 };
  if (process.platform === 'win32') return result;
  async function visit(path: string): Promise<void> {
    const info = await lstat(path).catch(ignoreMissing);
    if (!info || info.isSymbolicLink()) return;
    if ((info.mode & 0o7077) !== 0) {
      try {
        await chmod(path, info.mode & 0o700);
        result.tightened += 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (NOT_OURS.has(code)) result.refused += 1;
        else if (code !== 'ENOENT') throw error;
      }
    }
    if (!info.isDirectory()) return;
    const names = await readdir(path).catch((error: NodeJS.ErrnoException) => {
      if (!NOT_OURS.has(error.code ?? '')) return ignoreMissing(error);
      result.refused += 1;
      return undefined;
    });
    if (!names) return;
    await Promise.all(names.map((name) => visit(join(path, name))));
  }
  await visit(dir);
  return result;
}
