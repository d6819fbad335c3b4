import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportSource } from './import-sources.ts';
import { GOALS, type ImportComparison, type ImportSide } from './import-summary.ts';
import type { GitState, Machine } from './machine.ts';
import type { ClusterScore } from './resolution-score.ts';
import type { SplinkTiming } from './splink-baseline.ts';

export const IMPORT_SCENARIO = 'import-resolution';

/** bench/results/import-resolution-<mode>-<time>.json. */
export type ImportResolutionResult = {
  scenario: typeof IMPORT_SCENARIO;
  mode: 'embedded' | 'distributed';
  startedAt: string;
  finishedAt: string;
  settings: { records: number; seed: number; splink: { thresholds: number[]; memoryLimitGb: number; timeoutS: number } | 'off' };
  data: { persons: number; records: number; bySource: Record<ImportSource, number> };
  machine: Machine;
  git: GitState;
  backgroundCpuBusyPercent: number;
  withoutResolution: ImportSide;
  /** `quality`: the persons against the records' truth (runs before 2026-12-02 have none). */
  withResolution: ImportSide & { persons: number; exportSeconds: number; quality?: ClusterScore };
  comparison: ImportComparison;
  splink?: SplinkTiming;
};

const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const gb = (mb: number) => (mb >= 1024 ? `${(mb / 1024).toFixed(2)} GB` : `${Math.round(mb)} MB`);
const n = (value: number) => value.toLocaleString('en-US');
const signed = (value: number, unit: (value: number) => string) => `${value < 0 ? '−' : '+'}${unit(Math.abs(value))}`;

/** What Splink did, in a sentence. */
export function splinkLine(splink: SplinkTiming | undefined): string {
  if (!splink) return 'Splink: not run (`--no-splink`).';
  const memory = `peak RSS ${gb(splink.peakRssMb)}`;
  if (splink.outcome !== 'done') return `Splink: ${splink.outcome} after ${s(splink.wallSeconds)} (${memory}): ${splink.message}`;
  const at = splink.thresholds.map((t) => `${n(t.persons)} persons at ${t.threshold}`).join(', ');
  const { train, predict, cluster } = splink.seconds;
  return `Splink ${splink.splinkVersion}: ${s(splink.wallSeconds)} in all (train ${s(train)}, predict ${s(predict)}, cluster ${s(cluster)}; the rest reading the records), ${memory}; ${at}.`;
}

/** The resolved persons against the records' truth, in a sentence. */
function qualityLine({ pairwise: p, bcubed: b }: ClusterScore): string {
  const f = (value: number | null) => (value === null ? '–' : value.toFixed(4));
  return `Against the records' truth: pairwise precision ${f(p.precision)}, recall ${f(p.recall)}, F1 ${f(p.f1)} (${n(p.truePairs)} true pairs); B-cubed F1 ${f(b.f1)}.`;
}

/** The run as a table: each side's time, memory and size, and what resolution adds. */
export function importMarkdown(result: ImportResolutionResult): string[] {
  const { withoutResolution: without, withResolution: resolved, comparison: c } = result;
  const side = (name: string, x: ImportSide, persons: string) =>
    `| ${name} | ${s(x.seconds)} | ${s(x.trainingSeconds)} | ${s(x.resolutionSeconds)} | ${gb(x.peakRssMb)} | ${gb(x.diskMb)} | ${persons} |`;
  const r = resolved.resolution;
  return [
    `${n(result.data.records)} records of ${n(result.data.persons)} persons from three sources, ${result.mode}, ` +
      `machine ${result.backgroundCpuBusyPercent}% busy before.`,
    '',
    '| import | time | of it training | of it resolving | peak RSS | on disk | persons |',
    '|---|---:|---:|---:|---:|---:|---:|',
    side('without resolution', without, '–'),
    side('with resolution', resolved, n(resolved.persons)),
    '',
    `With resolution ${c.timeRatio}× the time (goal ≤ ${GOALS.timeRatio}×: ${c.meets.time ? 'met' : 'missed'}), ` +
      `${signed(c.secondsAdded, s)}; peak RSS ${gb(c.peakRssMb)} (goal ≤ 1 GB: ${c.meets.peakRss ? 'met' : 'missed'}); ` +
      `on disk ${signed(c.diskMbAdded, gb)} (${c.diskRatio}×).` +
      (r ? ` Resolution: ${n(r.resolved)} records resolved, ${n(r.merged)} persons merged, ${n(r.split)} split off, ${n(r.moved)} moved.` : ''),
    ...(resolved.quality ? ['', qualityLine(resolved.quality)] : []),
    '',
    splinkLine(result.splink),
  ];
}

/** REPORT.md's section on the scenario: the latest run of each mode and size. Empty when there is none yet. */
export async function importSection(resultsDir: string): Promise<string[]> {
  const files = (await readdir(resultsDir)).filter((name) => name.startsWith(`${IMPORT_SCENARIO}-`) && name.endsWith('.json')).sort();
  if (files.length === 0) return [];
  const latest = new Map<string, { file: string; result: ImportResolutionResult }>();
  for (const file of files) {
    const result = JSON.parse(await readFile(join(resultsDir, file), 'utf8')) as ImportResolutionResult;
    latest.set(`${result.mode}/${result.settings.records}`, { file, result });
  }
  const lines = [
    '',
    '## Import with resolution (`npm run bench -- --scenario import-resolution`)',
    '',
    'The same records imported by the CLI from three sources into a fresh database, without resolution and then with it, in the same run',
    '(bench/README.md, "Import with resolution"). Times are the three imports summed, start-up to exit; peak RSS is the highest of one import process.',
  ];
  for (const { file, result } of latest.values()) lines.push('', `### [${file}](${file})`, '', ...importMarkdown(result));
  return lines;
}
