import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIDENCE_LEVELS, type Confidence } from '../schemas/v3/person-enrich.ts';
import type { GitState, Machine } from './machine.ts';
import type { RecallOf, SplitScore } from './matching-score.ts';

/** Results of `npm run bench:matching` carry this as their scenario; REPORT.md gives them a section of their own. */
export const MATCHING_SCENARIO = 'matching';

export type MatchingSplitResult = SplitScore & {
  split: string;
  personsSeed: number;
  querySeed: number;
  persons: number;
  queries: number;
  /** Queries for persons not imported. */
  absent: number;
  files: { persons: string; queries: string };
  /** Generating and importing the persons (distributed, about 0 when their database held them already), or loading them. */
  importSeconds: number;
  askSeconds: number;
};

export type MatchingResult = {
  scenario: typeof MATCHING_SCENARIO;
  mode: string;
  startedAt: string;
  finishedAt: string;
  settings: { persons: number; queries: number; concurrency: number; countries: string[]; levels: Confidence[] };
  machine: Machine;
  git: GitState;
  splits: MatchingSplitResult[];
};

const share = (value: number) => `${(value * 100).toFixed(1)}%`;
const fixed = (value: number | null) => (value === null ? '–' : value.toFixed(3));
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

/** What the run measured, as Markdown tables: printed at the end of a run, and in REPORT.md. */
export function matchingMarkdown(result: MatchingResult, options: { everyCorruption: boolean }): string[] {
  const { settings, splits } = result;
  const lines = [
    `${result.mode}, ${settings.persons.toLocaleString('en-US')} persons and ${settings.queries.toLocaleString('en-US')} queries a split ` +
      `(${result.startedAt.slice(0, 16)}Z, commit ${result.git.commit.slice(0, 7)}${result.git.dirty ? '+' : ''}, ${settings.countries.join(' ')})`,
    '',
    '| split | confidence | answered | precision | recall | F1 | 404 | wrong persons | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const split of splits) {
    for (const level of CONFIDENCE_LEVELS) {
      const s = split.levels[level];
      lines.push(
        `| ${split.split} | ${level} | ${share(s.answeredShare)} | ${fixed(s.precision)} | ${fixed(s.recall)} | ${fixed(s.f1)} | ${share(s.notFoundShare)} | ${s.wrong} | ${ms(s.latencyMs.p50)} | ${ms(s.latencyMs.p99)} |`,
      );
    }
  }
  lines.push('', `| goal | ${splits.map((split) => split.split).join(' | ')} |`, `|---|${splits.map(() => '---|').join('')}`);
  for (const [index, { goal }] of (splits[0]?.goals ?? []).entries()) {
    lines.push(`| ${goal} | ${splits.map((split) => (split.goals[index]?.met ? 'met' : 'not met')).join(' | ')} |`);
  }
  const recallTable = (title: string, pick: (split: MatchingSplitResult) => Record<string, RecallOf>) => {
    const groups = [...new Set(splits.flatMap((split) => Object.keys(pick(split))))].sort();
    lines.push('', `| ${title} | ${splits.map((split) => `${split.split}: queries | recall`).join(' | ')} |`, `|---|${splits.map(() => '---:|---:|').join('')}`);
    for (const group of groups) {
      const cells = splits.map((split) => {
        const recall = pick(split)[group];
        return recall ? `${recall.queries} | ${fixed(recall.recall)}` : '0 | –';
      });
      lines.push(`| ${group} | ${cells.join(' | ')} |`);
    }
  };
  recallTable('recall at HIGH by corrupted fields', (split) => split.highRecall.byCorruptedFields);
  recallTable('recall at HIGH by kind', (split) => split.highRecall.byKind);
  if (options.everyCorruption) recallTable('recall at HIGH by corruption', (split) => split.highRecall.byCorruption);
  return lines;
}

/**
 * REPORT.md's section on matching: the latest result of each mode and size, the queries' corruptions by kind.
 * Empty when there is none yet.
 */
export async function matchingSection(resultsDir: string): Promise<string[]> {
  const files = (await readdir(resultsDir)).filter((name) => name.startsWith(`${MATCHING_SCENARIO}-`) && name.endsWith('.json')).sort();
  if (files.length === 0) return [];
  const latest = new Map<string, { file: string; result: MatchingResult }>();
  for (const file of files) {
    const result = JSON.parse(await readFile(join(resultsDir, file), 'utf8')) as MatchingResult;
    latest.set(`${result.mode}/${result.settings.persons}`, { file, result });
  }
  const lines = [
    '',
    '## Matching quality (`npm run bench:matching`)',
    '',
    'How well person.enrich finds a person from a name and postal address with one to three corrupted fields: generated queries with known',
    'truth, one in ten for a person not imported, asked at every confidence level (bench/README.md, "Matching quality"). Precision is',
    'correct answers over answers, recall correct answers over queries whose person was imported. The holdout split is never tuned on.',
  ];
  for (const { file, result } of latest.values()) lines.push('', `### [${file}](${file})`, '', ...matchingMarkdown(result, { everyCorruption: false }));
  return lines;
}
