import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { importDataset, readTruth, type ImportDataset } from './import-data.ts';
import { exportPersons, freshDatabase, importSource, type BenchDatabase } from './import-kith.ts';
import { IMPORT_SCENARIO, importMarkdown, splinkLine, type ImportResolutionResult } from './import-report.ts';
import { IMPORT_SOURCES } from './import-sources.ts';
import { compareSides, sideOf, type ImportSide } from './import-summary.ts';
import { BENCH_MODES, type BenchMode } from './kith-processes.ts';
import { gitState, machine } from './machine.ts';
import { positive } from './options.ts';
import { clustersOfExport } from './resolution-kith.ts';
import { scoreClusters, type ClusterScore } from './resolution-score.ts';
import { repoRoot } from './processes.ts';
import { resultsDir, writeReport } from './report.ts';
import { machineBusyPercent } from './rss.ts';
import { startServices } from './services.ts';
import { ensureSplink, SPLINK_VERSION, timeSplink, type SplinkTiming } from './splink-baseline.ts';

const HELP = `npm run bench -- --scenario import-resolution [options]

The same records from three sources imported with \`kith import persons\` into a fresh database without resolution,
then into another with it; time, peak RSS and size on disk of both, and Splink's time on the same records.

  --mode MODE           embedded or distributed (default: both)
  --records N           records in the three sources together (default 1000000; 20% of persons in two or more)
  --seed N              seed of the records (default 1)
  --no-splink           leave the Splink baseline out
  --splink-timeout S    stop Splink after S seconds and report it stopped (default 3600)
  --splink-memory GB    DuckDB's memory limit for Splink (default 4)
`;

/** Kith links two records at odds of 9 to 1: Splink is clustered at the same match probability. */
const SPLINK_THRESHOLD = 0.9;

const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: 'string' },
      mode: { type: 'string' },
      records: { type: 'string' },
      seed: { type: 'string' },
      'no-splink': { type: 'boolean', default: false },
      'splink-timeout': { type: 'string' },
      'splink-memory': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const mode = values.mode as BenchMode | undefined;
  if (mode !== undefined && !BENCH_MODES.includes(mode)) throw new Error(`--mode must be one of ${BENCH_MODES.join(', ')}`);
  return {
    modes: mode ? [mode] : [...BENCH_MODES],
    records: positive('records', values.records, 1_000_000),
    seed: positive('seed', values.seed, 1),
    splink: values['no-splink']
      ? ('off' as const)
      : { thresholds: [SPLINK_THRESHOLD], timeoutS: positive('splink-timeout', values['splink-timeout'], 3600), memoryLimitGb: positive('splink-memory', values['splink-memory'], 4) },
  };
}

/** Databases of the run, removed at its end or on Ctrl-C. */
const open = new Set<BenchDatabase>();

/** The persons of a resolved database exported and scored against the dataset's truth. */
async function scorePersons(database: BenchDatabase, dataset: ImportDataset): Promise<{ persons: number; exportSeconds: number; quality: ClusterScore }> {
  const dir = await mkdtemp(join(tmpdir(), 'kith-bench-import-export-'));
  try {
    const out = join(dir, 'persons.ndjson');
    const { persons, seconds } = await exportPersons(database, out);
    const quality = scoreClusters(await readTruth(dataset), clustersOfExport(await readFile(out, 'utf8')));
    const [precision, recall, f1] = [quality.pairwise.precision, quality.pairwise.recall, quality.pairwise.f1].map((value) => value?.toFixed(4) ?? '–');
    progress(`with resolution: ${persons.toLocaleString('en-US')} persons (exported in ${seconds.toFixed(1)} s); against the truth pairwise precision ${precision}, recall ${recall}, F1 ${f1}`);
    return { persons, exportSeconds: seconds, quality };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The three sources imported in turn into a fresh database, with or without resolution; the database is then
 * measured, and with resolution its persons scored against the truth.
 */
async function importAll(
  mode: BenchMode,
  dataset: ImportDataset,
  resolve: boolean,
  serverUrl: string | undefined,
): Promise<{ side: ImportSide; scored?: Awaited<ReturnType<typeof scorePersons>> }> {
  const database = await freshDatabase(mode, resolve ? 'resolved' : 'unresolved', serverUrl);
  open.add(database);
  try {
    const steps = [];
    for (const source of IMPORT_SOURCES) {
      const step = await importSource(database, source, dataset.sources[source], resolve);
      const resolution = step.summary.resolution;
      progress(
        `${resolve ? 'with' : 'without'} resolution: ${source} ${step.summary.imported.toLocaleString('en-US')} records in ${step.seconds.toFixed(1)} s ` +
          `(import ${step.summary.seconds.toFixed(1)} s${resolution ? `, resolution ${resolution.seconds.toFixed(1)} s: ${resolution.merged} merged` : ''}), peak RSS ${step.peakRssMb} MB`,
      );
      steps.push(step);
    }
    const side = sideOf(steps, await database.diskMb());
    return resolve ? { side, scored: await scorePersons(database, dataset) } : { side };
  } finally {
    await database.remove();
    open.delete(database);
  }
}

async function runMode(mode: BenchMode, dataset: ImportDataset, settings: ReturnType<typeof parseCommandLine>, splink: SplinkTiming | undefined) {
  const startedAt = new Date();
  const serverUrl = mode === 'distributed' ? (await startServices(['postgres'])).DATABASE_URL : undefined;
  const backgroundCpuBusyPercent = await machineBusyPercent(2000);
  progress(`${IMPORT_SCENARIO}/${mode}: machine ${backgroundCpuBusyPercent}% busy before`);
  const withoutResolution = (await importAll(mode, dataset, false, serverUrl)).side;
  const resolved = await importAll(mode, dataset, true, serverUrl);
  const withResolution = { ...resolved.side, ...resolved.scored! };
  const bySource = Object.fromEntries(withResolution.steps.map((step) => [step.source, step.summary.imported])) as ImportResolutionResult['data']['bySource'];
  const result: ImportResolutionResult = {
    scenario: IMPORT_SCENARIO,
    mode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    settings: { records: settings.records, seed: settings.seed, splink: settings.splink },
    data: { persons: dataset.persons, records: dataset.records, bySource },
    machine: machine(),
    git: await gitState(),
    backgroundCpuBusyPercent,
    withoutResolution,
    withResolution,
    comparison: compareSides(withoutResolution, withResolution),
    ...(splink && { splink }),
  };
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${IMPORT_SCENARIO}-${mode}-${startedAt.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  await writeReport();
  process.stdout.write(`\n${importMarkdown(result).join('\n')}\n\n`);
  progress(`wrote ${relative(repoRoot, file)} and bench/results/REPORT.md`);
}

/** Splink on the same records, once for every mode of the run (it does not depend on Kith's mode). */
async function runSplink(dataset: ImportDataset, settings: ReturnType<typeof parseCommandLine>): Promise<SplinkTiming | undefined> {
  if (settings.splink === 'off') return undefined;
  await ensureSplink(progress);
  progress(`Splink ${SPLINK_VERSION} on the same ${dataset.records.toLocaleString('en-US')} records (at most ${settings.splink.timeoutS} s, DuckDB ${settings.splink.memoryLimitGb} GB)`);
  const dir = await mkdtemp(join(tmpdir(), 'kith-bench-import-splink-'));
  try {
    const timing = await timeSplink(dataset.splinkRecords, dir, { seed: 5, ...settings.splink });
    progress(splinkLine(timing));
    return timing;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- --scenario import-resolution`: issue #45's measurement of what resolution adds to an import
 * (bench/README.md, "Import with resolution"). Not a load test: a runner of its own, as chaos has.
 */
export async function runImportResolutionBench(argv: string[]): Promise<void> {
  const settings = parseCommandLine(argv);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: removing the run's databases`);
      void Promise.allSettled([...open].map((database) => database.remove())).finally(() => process.exit(130));
    });
  }
  const dataset = await importDataset(settings.records, settings.seed, progress);
  const splink = await runSplink(dataset, settings);
  for (const mode of settings.modes) await runMode(mode, dataset, settings, splink);
}
