import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIDENCE_LEVELS, type Confidence } from '../schemas/v3/person-enrich.ts';
import type { GitState, Machine } from './machine.ts';
import type { MissCategory } from './febrl-misses.ts';
import { MATCHING_GOALS, type LevelScore, type RecallOf, type SplitScore } from './matching-score.ts';

/** Results of `npm run bench:matching` carry this as their scenario; REPORT.md gives them a section of their own. */
export const MATCHING_SCENARIO = 'matching';

export type MatchingSplitResult = SplitScore & {
  /** The set: a generated split (tuning, holdout) or an outside one (febrl4, febrl4-absent). */
  split: string;
  /** A generated split's seeds, whose error model corrupted its queries, and whether its persons live in households; an outside set has none. */
  personsSeed?: number;
  querySeed?: number;
  errors?: 'project' | 'literature';
  households?: boolean;
  /** Whether its queries give the person's birthday. */
  birthdays?: boolean;
  /** Where an outside set's data came from (package, version, sha256). */
  source?: string;
  /** Queries not asked because person.enrich would refuse them (a FEBRL duplicate with no name): misses at every level. */
  refused?: number;
  /** The outside set's misses at HIGH, by #47's categories (bench/febrl-misses.ts). */
  highMisses?: Record<MissCategory, number>;
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
/** Absent persons answered, of those asked for (results before 2026-11-28 did not count them). */
const absentAnswered = (s: LevelScore) => (s.absent === undefined ? '–' : s.absent === 0 ? '0 / 0' : `${s.absentAnswered} / ${s.absent} (${share(s.absentAnsweredShare ?? 0)})`);

/** Per level, of the answers given at each probability, how many and the share that was the right person. */
function reliabilityTable(split: MatchingSplitResult): string[] {
  if (!split.reliability) return [];
  const buckets = split.reliability.HIGH.map((row) => row.bucket).filter((bucket) =>
    CONFIDENCE_LEVELS.some((level) => (split.reliability[level].find((row) => row.bucket === bucket)?.answers ?? 0) > 0),
  );
  const lines = [
    '',
    `| ${split.split}: answers at probability | ${CONFIDENCE_LEVELS.map((level) => `${level}: answers | right`).join(' | ')} |`,
    `|---|${CONFIDENCE_LEVELS.map(() => '---:|---:|').join('')}`,
  ];
  for (const bucket of buckets) {
    const cells = CONFIDENCE_LEVELS.map((level) => {
      const row = split.reliability[level].find((candidate) => candidate.bucket === bucket);
      return row && row.answers > 0 ? `${row.answers} | ${(row.shareCorrect ?? 0).toFixed(4)}` : '0 | –';
    });
    lines.push(`| ${bucket} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function missesTable(split: MatchingSplitResult): string[] {
  if (!split.highMisses) return [];
  const total = Object.values(split.highMisses).reduce((sum, count) => sum + count, 0);
  return ['', `| ${split.split}: HIGH misses (${total}) by kind | misses |`, '|---|---:|', ...Object.entries(split.highMisses).map(([category, count]) => `| ${category} | ${count} |`)];
}

/** What the run measured, as Markdown tables: printed at the end of a run, and in REPORT.md. */
export function matchingMarkdown(result: MatchingResult, options: { everyCorruption: boolean }): string[] {
  const { splits } = result;
  /** The generated splits: only their queries carry corruptions and their persons every country. */
  const generated = splits.filter((split) => split.personsSeed !== undefined);
  const lines = [
    `${result.mode}, ${splits.map((split) => `${split.split} (${split.persons.toLocaleString('en-US')} persons, ${split.queries.toLocaleString('en-US')} queries${split.refused ? `, ${split.refused} with no name not asked` : ''})`).join(', ')} ` +
      `(${result.startedAt.slice(0, 16)}Z, commit ${result.git.commit.slice(0, 7)}${result.git.dirty ? '+' : ''}${generated.length > 0 ? `, ${result.settings.countries.join(' ')}` : ''})`,
    '',
    '| set | confidence | answered | precision | recall | F1 | 404 | wrong persons | absent answered | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const split of splits) {
    for (const level of CONFIDENCE_LEVELS) {
      const s = split.levels[level];
      lines.push(
        `| ${split.split} | ${level} | ${share(s.answeredShare)} | ${fixed(s.precision)} | ${fixed(s.recall)} | ${fixed(s.f1)} | ${share(s.notFoundShare)} | ${s.wrong} | ${absentAnswered(s)} | ${ms(s.latencyMs.p50)} | ${ms(s.latencyMs.p99)} |`,
      );
    }
  }
  lines.push('', `| goal | ${splits.map((split) => split.split).join(' | ')} |`, `|---|${splits.map(() => '---|').join('')}`);
  for (const { goal } of MATCHING_GOALS) {
    const cell = (split: MatchingSplitResult) => {
      const score = split.goals.find((item) => item.goal === goal);
      return score ? (score.met ? 'met' : 'not met') : '–';
    };
    lines.push(`| ${goal} | ${splits.map(cell).join(' | ')} |`);
  }
  const recallTable = (title: string, pick: (split: MatchingSplitResult) => Record<string, RecallOf>) => {
    if (generated.length === 0) return;
    const groups = [...new Set(generated.flatMap((split) => Object.keys(pick(split))))].sort();
    lines.push('', `| ${title} | ${generated.map((split) => `${split.split}: queries | recall`).join(' | ')} |`, `|---|${generated.map(() => '---:|---:|').join('')}`);
    for (const group of groups) {
      const cells = generated.map((split) => {
        const recall = pick(split)[group];
        return recall ? `${recall.queries} | ${fixed(recall.recall)}` : '0 | –';
      });
      lines.push(`| ${group} | ${cells.join(' | ')} |`);
    }
  };
  recallTable('recall at HIGH by corrupted fields', (split) => split.highRecall.byCorruptedFields);
  recallTable('recall at HIGH by kind', (split) => split.highRecall.byKind);
  if (options.everyCorruption) recallTable('recall at HIGH by corruption', (split) => split.highRecall.byCorruption);
  for (const split of splits) lines.push(...reliabilityTable(split), ...missesTable(split));
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
    latest.set(`${result.mode}/${result.settings.persons}/${result.splits.map((split) => split.split).join(',')}`, { file, result });
  }
  const lines = [
    '',
    '## Matching quality (`npm run bench:matching`)',
    '',
    'How well person.enrich finds a person from a name and postal address with corrupted fields: generated queries with known truth,',
    'one in ten for a person not imported, asked at every confidence level (bench/README.md, "Matching quality"). Precision is',
    'correct answers over answers, recall correct answers over queries whose person was imported. The holdout split is never tuned on;',
    'nor are the literature sets, whose queries carry one to five errors of the record-linkage literature\'s model (literature-solo: no households).',
    'febrl4 is an outside set: FEBRL 4, each of 5,000 persons asked once through a corrupted duplicate\'s name and address;',
    'febrl4-absent imports only half of them, and "absent answered" counts the others answered.',
  ];
  for (const { file, result } of latest.values()) lines.push('', `### [${file}](${file})`, '', ...matchingMarkdown(result, { everyCorruption: false }));
  return lines;
}
