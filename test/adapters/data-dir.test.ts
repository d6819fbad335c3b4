import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir, makeOwnerOnly } from '../../adapters/data-dir.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o7777;

describe('the data directory', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kith-data-dir-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is locked by one holder at a time, even in one process, and free again once released', async () => {
    const dir = join(root, 'locked');
    const first = await lockDataDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUse);
    expect((refused as DataDirInUse).message).toMatch(new RegExp(`^KITH_DATA_DIR: ${dir} is in use by another Kith process \\(pid ${process.pid}\\)`));
    first.release();
    first.release(); // idempotent
    const second = await lockDataDir(dir);
    second.release();
  });

  it.skipIf(process.platform === 'win32')('makes a tree owner-only, keeping the owner bits and leaving symbolic links alone', async () => {
    const dir = join(root, 'loose');
    await mkdir(join(dir, 'sub'), { recursive: true });
    await writeFile(join(dir, 'sub', 'file'), 'x');
    await writeFile(join(dir, 'script'), 'x');
    await writeFile(join(root, 'outside'), 'x');
    await symlink(join(root, 'outside'), join(dir, 'link'));
    await chmod(join(dir, 'sub', 'file'), 0o666);
    await chmod(join(dir, 'script'), 0o755);
    await chmod(join(root, 'outside'), 0o644);
    await chmod(join(dir, 'sub'), 0o2777);
    await chmod(dir, 0o755);

    expect(await makeOwnerOnly(dir)).toEqual({ tightened: 4, refused: 0 });
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(join(dir, 'sub'))).toBe(0o700);
    expect(await modeOf(join(dir, 'sub', 'file'))).toBe(0o600);
    expect(await modeOf(join(dir, 'script'))).toBe(0o700);
    expect(await modeOf(join(root, 'outside'))).toBe(0o644); // not followed
    expect(await makeOwnerOnly(dir)).toEqual({ tightened: 0, refused: 0 });
  });

  it('creates a missing directory 0700, or leaves it missing when asked', async () => {
    expect(await makeOwnerOnly(join(root, 'absent'), { create: false })).toEqual({ tightened: 0, refused: 0 });
    await expect(stat(join(root, 'absent'))).rejects.toThrow(/ENOENT/);
    await makeOwnerOnly(join(root, 'new', 'deeper'));
    expect(await modeOf(join(root, 'new'))).toBe(0o700);
    expect(await modeOf(join(root, 'new', 'deeper'))).toBe(0o700);
  });
});
