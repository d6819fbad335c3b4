import { cpus, release, totalmem } from 'node:os';
import { runCommand } from './processes.ts';

export type Machine = { cpuModel: string; cores: number; memoryMb: number; node: string; kernel: string };
export type GitState = { commit: string; dirty: boolean };

export function machine(): Machine {
  const cores = cpus();
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryMb: Math.round(totalmem() / 1024 / 1024),
    node: process.version,
    kernel: release(),
  };
}

/** The commit measured; `dirty` when the working tree had uncommitted changes at the time. */
export async function gitState(): Promise<GitState> {
  try {
    const commit = (await runCommand('git', ['rev-parse', 'HEAD'])).trim();
    const status = await runCommand('git', ['status', '--porcelain', '--untracked-files=no']);
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}
