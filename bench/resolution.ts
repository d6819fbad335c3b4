/**
 * npm run bench:resolution [-- --data DIR --seed N --sets NAME,...]
 *
 * How well Kith's identity resolver clusters records into persons, against known truth and beside Splink run on
 * the same records (bench/README.md, "Resolution quality"). For each data set it imports each source's records
 * with the CLI into a fresh embedded database, exports the persons, scores their clusters, then trains and runs
 * the Splink baseline (bench/splink_baseline.py) and scores its clusters at each threshold.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gitState, machine } from './machine.ts';
import { positive } from './options.ts';
import { repoRoot } from './processes.ts';
import { resultsDir } from './report.ts';
import { DEFAULT_DATA_DIR, truthOf, type DataSet } from './resolution-data.ts';
import { resolveWithKith } from './resolution-kith.ts';
import { resolutionMarkdown, type DataSetResult, type ResolutionResult, type ThresholdScore } from './resolution-report.ts';
import { mistakesOf } from './resolution-mistakes.ts';
import { scoreClusters } from './resolution-score.ts';
import { DATA_SET_NAMES, loadDataSets } from './resolution-sets.ts';
import { ensureSplink, resolveWithSplink, SPLINK_VERSION } from './splink-baseline.ts';

const HELP = `npm run bench:resolution [-- options]

  --data DIR        the folder holding the data sets read from disk (default ../shared/data, beside the
                    repository: splink-fake-1000/fake_1000.csv)
  --sets NAME,...   the data sets to run, in this order (default all: ${DATA_SET_NAMES.join(',')});
                    the generated ones are made in memory and need no --data
  --seed N          seed of Splink's random sampling of u probabilities (default 5)
  --keep            keep each set's files (records, database, Kith's export, Splink's clusters) and name them
`;

const progress = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

function parseCommandLine() {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: DEFAULT_DATA_DIR },
      seed: { type: 'string' },
      sets: { type: 'string', default: DATA_SET_NAMES.join(',') },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const sets = values.sets.split(',').map((name) => name.trim()).filter(Boolean);
  if (sets.length === 0) throw new Error('--sets names no data set');
  return { dataDir: resolve(values.data), seed: positive('seed', values.seed, 5), sets, keep: values.keep };
}

/** The threshold with the highest pairwise F1; the first (lowest) of equals. */
const bestOf = (thresholds: ThresholdScore[]) =>
  thresholds.reduce((best, next) => ((next.score.pairwise.f1 ?? 0) > (best.score.pairwise.f1 ?? 0) ? next : best));

/** Kith, then Splink, on one data set; its files are removed after unless `keep`, and kept (and named) when a step fails. */
async function runDataSet(dataSet: DataSet, seed: number, keep: boolean): Promise<DataSetResult> {
  const dir = await mkdtemp(join(tmpdir(), `kith-bench-resolution-${dataSet.name}-`));
  const truth = truthOf(dataSet.records);
  const records = dataSet.records.length;
  progress(`${dataSet.name} (${dataSet.about}): ${records.toLocaleString('en-US')} records; files in ${dir}`);
  let result: DataSetResult;
  try {
    const kith = await resolveWithKith(dataSet.records, dir, progress);
    const splink = await resolveWithSplink(dataSet.records, dir, seed);
    progress(`Splink ${splink.splinkVersion}: trained, predicted and clustered at ${splink.thresholds.length} thresholds in ${splink.wallSeconds.toFixed(1)} s`);
    const thresholds = splink.thresholds.map(({ threshold, clusters }) => ({ threshold, score: scoreClusters(truth, clusters) }));
    const sources: Record<string, number> = {};
    for (const record of dataSet.records) sources[record.source] = (sources[record.source] ?? 0) + 1;
    result = {
      name: dataSet.name,
      role: dataSet.role,
      about: dataSet.about,
      records,
      sources: Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b))),
      kith: {
        steps: kith.steps,
        seconds: kith.seconds,
        recordsPerSecond: records / kith.seconds,
        score: scoreClusters(truth, kith.clusters),
        // Held-out mistakes are not looked at: what the resolver is tuned on must not include them.
        ...(dataSet.role === 'dev' && dataSet.generated && { mistakes: mistakesOf(dataSet.generated, kith.clusters) }),
      },
      splink: {
        version: splink.splinkVersion,
        seconds: splink.seconds,
        wallSeconds: splink.wallSeconds,
        recordsPerSecond: records / splink.wallSeconds,
        best: bestOf(thresholds),
        thresholds,
      },
    };
  } catch (error) {
    throw new Error(`${dataSet.name}: ${(error as Error).message}\n(its files are kept in ${dir})`);
  }
  if (keep) progress(`${dataSet.name}: its files are kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
  return result;
}

async function main() {
  const settings = parseCommandLine();
  const started = new Date();
  const dataSets = await loadDataSets(settings.sets, settings.dataDir, progress);
  await ensureSplink(progress);
  const results: DataSetResult[] = [];
  for (const dataSet of dataSets) results.push(await runDataSet(dataSet, settings.seed, settings.keep));

  const result: ResolutionResult = {
    scenario: 'resolution',
    mode: 'embedded',
    time: { started: started.toISOString(), finished: new Date().toISOString() },
    settings: { data: relative(repoRoot, settings.dataDir), sets: settings.sets, seed: settings.seed, splinkVersion: SPLINK_VERSION },
    machine: machine(),
    git: await gitState(),
    dataSets: results,
  };
  await mkdir(resultsDir, { recursive: true });
  const stamp = started.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = join(resultsDir, `resolution-embedded-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`\n${results.flatMap((dataSet) => [...resolutionMarkdown(dataSet), '']).join('\n')}`);
  progress(`wrote ${relative(repoRoot, file)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:resolution: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
