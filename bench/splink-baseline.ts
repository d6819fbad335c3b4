import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { splinkRecord, type LabelledRecord } from './resolution-data.ts';
import { repoRoot, runCommand } from './processes.ts';
import { watchPeakRss } from './rss.ts';

/**
 * The Splink baseline of `npm run bench:resolution`: bench/splink_baseline.py in a virtualenv of its own, made
 * once per Splink version under the user's cache (outside the repository), with Splink from PyPI.
 */

/** The Splink the baseline runs; a new version gets a new virtualenv. */
export const SPLINK_VERSION = '5.0.0';
const VENV = join(homedir(), '.cache', 'kith-bench', `splink-${SPLINK_VERSION}`);
/** Written once pip has installed Splink: a virtualenv without it was left half-made and is made again. */
const INSTALLED = join(VENV, 'kith-bench-installed');
const python = join(VENV, 'bin', 'python');

const SplinkOutput = z.object({
  splinkVersion: z.string(),
  seconds: z.object({ train: z.number(), predict: z.number(), cluster: z.number() }),
  thresholds: z.array(z.object({ threshold: z.number(), clusters: z.array(z.array(z.string())) })),
});
export type SplinkRun = z.infer<typeof SplinkOutput> & { wallSeconds: number };

/** Makes the virtualenv with Splink unless an earlier run made it; needs python3 (3.10 or later) with venv. */
export async function ensureSplink(progress: (line: string) => void): Promise<void> {
  if (existsSync(INSTALLED)) return;
  progress(`Splink: installing splink==${SPLINK_VERSION} into a virtualenv at ${VENV} (once)`);
  try {
    await mkdir(VENV, { recursive: true });
    await runCommand('python3', ['-m', 'venv', '--clear', VENV]);
    await runCommand(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `splink==${SPLINK_VERSION}`]);
  } catch (error) {
    throw new Error(`Splink's virtualenv (python3 3.10 or later with venv, and PyPI): ${(error as Error).message}`);
  }
  await writeFile(INSTALLED, `splink==${SPLINK_VERSION}\n`);
}

/** Trains Splink on the records, predicts and clusters at each of the script's thresholds; files go in `dir`. */
export async function resolveWithSplink(records: readonly LabelledRecord[], dir: string, seed: number): Promise<SplinkRun> {
  const recordsFile = join(dir, 'splink-records.json');
  const clustersFile = join(dir, 'splink-clusters.json');
  await writeFile(recordsFile, JSON.stringify(records.map(splinkRecord)));
  const started = performance.now();
  await runCommand(python, [join(repoRoot, 'bench', 'splink_baseline.py'), '--records', recordsFile, '--out', clustersFile, '--seed', String(seed)]);
  const wallSeconds = (performance.now() - started) / 1000;
  return { ...SplinkOutput.parse(JSON.parse(await readFile(clustersFile, 'utf8'))), wallSeconds };
}

const SplinkCounts = SplinkOutput.extend({ thresholds: z.array(z.object({ threshold: z.number(), persons: z.number() })) });
/** How a timed Splink run ended: its figures, or what stopped it (a failure, the time limit), with its peak memory. */
export type SplinkTiming =
  | ({ outcome: 'done'; wallSeconds: number; peakRssMb: number } & z.infer<typeof SplinkCounts>)
  | { outcome: 'failed' | 'timed out'; wallSeconds: number; peakRssMb: number; message: string };

/**
 * Splink on a file of records already in its form (bench/splink_baseline.py), for its time: clustered at the given
 * thresholds with only the counts written, DuckDB's memory capped, stopped after `timeoutS`. Never rejects: a run
 * that fails or is stopped is reported as such.
 */
export async function timeSplink(
  recordsFile: string,
  dir: string,
  options: { seed: number; thresholds: number[]; memoryLimitGb: number; timeoutS: number },
): Promise<SplinkTiming> {
  const out = join(dir, 'splink-counts.json');
  const args = [join(repoRoot, 'bench', 'splink_baseline.py'), '--records', recordsFile, '--out', out, '--seed', String(options.seed)];
  args.push('--thresholds', options.thresholds.join(','), '--count-only', '--memory-limit', `${options.memoryLimitGb}GB`);
  const started = performance.now();
  const child = spawn(python, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  const rss = watchPeakRss(child.pid!);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutS * 1000);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  const figures = { wallSeconds: (performance.now() - started) / 1000, peakRssMb: rss.stop() };
  if (timedOut) return { outcome: 'timed out', ...figures, message: `stopped after ${options.timeoutS} s` };
  if (code !== 0) return { outcome: 'failed', ...figures, message: `exited ${code ?? signal}: ${stderr.trim().split('\n').slice(-5).join('\n')}` };
  return { outcome: 'done', ...figures, ...SplinkCounts.parse(JSON.parse(await readFile(out, 'utf8'))) };
}
