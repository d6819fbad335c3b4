import type { GitState, Machine } from './machine.ts';
import type { DataSetRole } from './resolution-data.ts';
import type { KithStep } from './resolution-kith.ts';
import { mistakesMarkdown, type Mistakes } from './resolution-mistakes.ts';
import type { ClusterScore } from './resolution-score.ts';

/** What `npm run bench:resolution` writes to bench/results/resolution-embedded-<time>.json. */
export type ResolutionResult = {
  scenario: 'resolution';
  mode: 'embedded';
  // Not `startedAt` at the top level: bench/report.ts reads every JSON file of bench/results that has one as a load run.
  time: { started: string; finished: string };
  /** `sets`: the data sets run, by name (runs before it was an option ran fake_1000 alone). */
  settings: { data: string; sets?: string[]; seed: number; splinkVersion: string };
  machine: Machine;
  git: GitState;
  dataSets: DataSetResult[];
};

export type ThresholdScore = { threshold: number; score: ClusterScore };
export type DataSetResult = {
  name: string;
  /** What the set is for (bench/resolution-sets.ts); held-out figures are read, never tuned on. */
  role: DataSetRole;
  about: string;
  records: number;
  /** Records of each source, in import order. */
  sources: Record<string, number>;
  /** Kith's mistakes, from how the set was made: a dev set's only (bench/resolution-mistakes.ts). */
  kith: { steps: KithStep[]; seconds: number; recordsPerSecond: number; score: ClusterScore; mistakes?: Mistakes };
  splink: {
    version: string;
    /** Inside the script, then the whole process (Python's start and imports too). */
    seconds: { train: number; predict: number; cluster: number };
    wallSeconds: number;
    recordsPerSecond: number;
    /** The threshold with the highest pairwise F1 (the lowest such, on a tie). */
    best: ThresholdScore;
    thresholds: ThresholdScore[];
  };
};

const figure = (value: number | null) => (value === null ? '–' : value.toFixed(3));
const count = (value: number) => value.toLocaleString('en-US');
const scoreCells = ({ pairwise, bcubed }: ClusterScore) =>
  [pairwise.precision, pairwise.recall, pairwise.f1, bcubed.precision, bcubed.recall, bcubed.f1].map(figure);
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** A data set's tables in Markdown: Kith beside Splink at its best threshold, then Splink at each. */
export function resolutionMarkdown(result: DataSetResult): string[] {
  const truth = result.kith.score;
  const sources = Object.entries(result.sources).map(([source, records]) => `${source} (${count(records)})`);
  const { kith, splink } = result;
  return [
    `### ${result.name} (${result.role}; ${result.about}): ${count(result.records)} records of ${count(truth.trueClusters)} persons (${count(truth.pairwise.truePairs)} true pairs), sources ${sources.join(', ')}`,
    '',
    '| system | pairwise P | pairwise R | pairwise F1 | B-cubed P | B-cubed R | B-cubed F1 | persons | seconds | records/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(['Kith', ...scoreCells(kith.score), count(kith.score.predictedClusters), kith.seconds.toFixed(1), count(Math.round(kith.recordsPerSecond))]),
    row([
      `Splink ${splink.version}, match probability ≥ ${splink.best.threshold} (its best)`,
      ...scoreCells(splink.best.score),
      count(splink.best.score.predictedClusters),
      splink.wallSeconds.toFixed(1),
      count(Math.round(splink.recordsPerSecond)),
    ]),
    '',
    `Kith's steps: ${kith.steps.map((step) => `${step.step} ${step.seconds.toFixed(1)} s`).join(', ')}. ` +
      `Splink: trained in ${splink.seconds.train.toFixed(1)} s, predicted in ${splink.seconds.predict.toFixed(1)} s, ` +
      `clustered at ${splink.thresholds.length} thresholds in ${splink.seconds.cluster.toFixed(1)} s.` +
      (kith.score.missing + kith.score.unknown > 0
        ? ` Kith's export left out ${count(kith.score.missing)} records (scored alone) and named ${count(kith.score.unknown)} not imported.`
        : ''),
    '',
    '| Splink at match probability ≥ | pairwise P | pairwise R | pairwise F1 | B-cubed P | B-cubed R | B-cubed F1 | persons |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...splink.thresholds.map(({ threshold, score }) => row([String(threshold), ...scoreCells(score), count(score.predictedClusters)])),
    ...(kith.mistakes ? ['', ...mistakesMarkdown(result.name, 'Kith', kith.mistakes)] : []),
  ];
}
