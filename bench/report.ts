import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileSummary } from './cpu-profile.ts';
import type { Measurement } from './load.ts';
import type { PerRequestCounts } from './per-request.ts';
import type { GitState, Machine } from './machine.ts';
import { IMPORT_SCENARIO, importSection } from './import-report.ts';
import { MATCHING_SCENARIO, matchingSection } from './matching-report.ts';
import type { DeliveryResult, DeliveryRounds } from './webhook-sink.ts';
import { repoRoot } from './processes.ts';
import type { RoundFigures } from './rounds.ts';

export const resultsDir = join(repoRoot, 'bench', 'results');

export type ProcessResult = { name: string; peakRssMb: number; hwmMb: number; cpuPercentAtSaturation: number };

/** One side of the comparison: Kith, or the bare Hono baseline, under the same load. */
export type TargetResult = {
  saturation: Measurement;
  fixedRate: Measurement;
  processes: ProcessResult[];
  /** During the saturation run. */
  loadGeneratorCpuPercent: number;
  machineCpuBusyPercent: number;
};

export type RunResult = {
  scenario: string;
  summary: string;
  mode: string;
  startedAt: string;
  finishedAt: string;
  settings: {
    durationS: number;
    warmupS: number;
    connections: number;
    ingress: number;
    /** Enrichment worker replicas in distributed mode (absent from runs before it could be set: 1). */
    enrichmentWorkers?: number;
    fixedLoadFraction: number;
    /** `--fixed-rate`: the offered load in req/s, instead of the fraction. */
    fixedRate?: number;
    phases: number;
    /** `--rounds`: saturation runs, then runs at the offered load, of each side in turn (absent from runs before it could be set: 1). */
    rounds?: number;
    /** Warm-up before the rounds after the first, in s (absent from runs before it was shorter than warmupS). */
    rewarmS?: number;
    logLevel: string;
    cpuProf: boolean;
    /** `--kith-env`: settings given to the Kith processes beside the scenario's own (absent when none were). */
    kithEnv?: Record<string, string>;
  };
  /** The first body sent; `distinctBodies` when the load went through that many different ones in turn. */
  request: { method: string; path: string; body: string; distinctBodies?: number };
  machine: Machine;
  /** The machine's CPU use over 2 s before the load, with our processes idle: other work skews a run. */
  backgroundCpuBusyPercent: number;
  git: GitState;
  kith: TargetResult;
  baseline: TargetResult;
  /** The architecture without Kith's logic (bench/floor/); absent from runs made before it was measured. */
  floor?: TargetResult;
  /**
   * The work of one request: distributed, Kith's and the floor's PostgreSQL and Kafka work; embedded, Kith's
   * statements, transactions and bus messages. Absent from earlier runs; runs before 2026-11-25 kept the
   * distributed counts at the top level instead of under `counts`.
   */
  perRequest?: { kith?: PerRequestCounts; floor?: PerRequestCounts };
  /**
   * With `--rounds` above 1, each round's req/s at saturation; the saturations of `kith`, `baseline` and `floor`
   * above are those of the round with the median Kith / floor ratio.
   */
  saturationRounds?: RoundFigures[];
  /**
   * With `--rounds` above 1, each round's p99 in ms at the offered load; the fixed-rate measurements of `kith`,
   * `baseline` and `floor` above are those of the round with the median Kith / floor ratio (absent from runs before
   * the offered load was taken in rounds too).
   */
  fixedRateRounds?: RoundFigures[];
  /** Kith / baseline, and Kith / floor. */
  ratios: { rps: number; p50AtFixedRate: number; p99AtFixedRate: number; floorRps?: number; floorP99AtFixedRate?: number };
  exitCodes: Record<string, number | string | null>;
  profiles?: ProfileSummary[];
  /** Webhook scenarios: what the deliveries of each measured run's 202s did (with `--rounds`, the median rounds'). */
  deliveries?: DeliveryResult;
  /** Webhook scenarios with `--rounds` above 1: each round's deliveries, by phase. */
  deliveryRounds?: DeliveryRounds;
};

export const ratio = (kith: number, baseline: number) => (baseline > 0 ? Math.round((kith / baseline) * 1000) / 1000 : 0);

/** Writes the run's JSON, then regenerates REPORT.md from every JSON in bench/results. Returns the JSON's path. */
export async function saveRun(run: RunResult): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = run.startedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = join(resultsDir, `${run.scenario}-${run.mode}-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(run, null, 2)}\n`);
  await writeReport();
  return file;
}

async function loadRuns(): Promise<{ file: string; run: RunResult }[]> {
  const files = (await readdir(resultsDir)).filter((name) => name.endsWith('.json')).sort();
  const runs = await Promise.all(files.map(async (file) => ({ file, run: JSON.parse(await readFile(join(resultsDir, file), 'utf8')) as RunResult })));
  // `npm run bench:deliveries` keeps its own results beside these, in a shape of its own; `bench:matching` and the
  // import-resolution scenario have sections of their own.
  return runs
    .filter(({ run }) => typeof run.startedAt === 'string' && run.scenario !== MATCHING_SCENARIO && run.scenario !== IMPORT_SCENARIO)
    .sort((a, b) => a.run.startedAt.localeCompare(b.run.startedAt));
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));
const times = (value: number) => `${value.toFixed(value >= 10 ? 1 : 3)}×`;
const bar = (fraction: number) => '█'.repeat(Math.max(1, Math.round(Math.min(fraction, 1) * 20)));
/** `503×12, timeout×3`: non-2xx answers by status, then connection errors (timeouts among them). */
function errorList(measurements: Measurement[]): string {
  const counts = new Map<string, number>();
  const add = (name: string, count: number) => count > 0 && counts.set(name, (counts.get(name) ?? 0) + count);
  for (const errors of measurements.flatMap((m) => (m.warmup?.errors ? [m.errors, m.warmup.errors] : [m.errors]))) {
    for (const [status, count] of Object.entries(errors.statuses)) if (!status.startsWith('2')) add(status, count);
    add('timeout', errors.timeouts);
    add('connection', errors.connection - errors.timeouts);
  }
  return counts.size === 0 ? '0' : [...counts].map(([name, count]) => `${name}×${count}`).join(', ');
}
/** The settings `--kith-env` gave Kith, as a label names them. */
const kithSettingsOf = (run: RunResult) =>
  Object.entries(run.settings.kithEnv ?? {})
    .map(([key, value]) => `, ${key}=${value}`)
    .join('');
/** What makes runs comparable: the mode, ingress and enrichment worker replicas, connections and Kith's settings. */
const label = (run: RunResult) =>
  `${run.mode}${run.settings.ingress > 1 ? `, ${run.settings.ingress} ingress` : ''}${
    (run.settings.enrichmentWorkers ?? 1) > 1 ? `, ${run.settings.enrichmentWorkers} enrichment workers` : ''
  }, ${run.settings.connections} conn${run.settings.fixedRate ? `, offered ${run.settings.fixedRate}/s` : ''}${kithSettingsOf(run)}`;

/** A Kith / reference ratio for the table, or a dash for runs made before the floor was measured. */
const ratioCell = (value: number | undefined) => (value === undefined ? '–' : `\`${bar(value)}\` ${times(value)}`);

function runTable(runs: RunResult[]): string[] {
  const lines = [
    '| mode | Kith req/s | baseline req/s | ratio | floor req/s | ratio to floor | offered load (Kith / baseline / floor achieved) | Kith p50 / p99 ms | baseline p50 / p99 ms | floor p50 / p99 ms | p99 ratio | p99 ratio to floor | errors Kith / baseline / floor |',
    '|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const run of runs) {
    const { kith, baseline, floor, ratios } = run;
    const latency = (target: TargetResult | undefined) => (target ? `${ms(target.fixedRate.latencyMs.p50)} / ${ms(target.fixedRate.latencyMs.p99)}` : '–');
    const errors = (target: TargetResult | undefined) => (target ? errorList([target.saturation, target.fixedRate]) : '–');
    lines.push(
      `| ${label(run)} | ${n(kith.saturation.rps)} | ${n(baseline.saturation.rps)} | ${ratioCell(ratios.rps)} | ${floor ? n(floor.saturation.rps) : '–'} | ${ratioCell(ratios.floorRps)} | ` +
        `${n(kith.fixedRate.offeredRate ?? 0)}/s (${n(kith.fixedRate.rps)} / ${n(baseline.fixedRate.rps)} / ${floor ? n(floor.fixedRate.rps) : '–'}) | ` +
        `${latency(kith)} | ${latency(baseline)} | ${latency(floor)} | ${times(ratios.p99AtFixedRate)} | ${floorRatioOf(ratios.floorP99AtFixedRate, run.fixedRateRounds)} | ` +
        `${errors(kith)} / ${errors(baseline)} / ${errors(floor)} |`,
    );
  }
  return lines;
}

/** Webhook runs: from each 202 to the first attempt of its delivery, and deliveries beside intake. */
function deliveryTable(runs: RunResult[]): string[] {
  const watched = runs.filter((run) => run.deliveries);
  if (watched.length === 0) return [];
  const lines = [
    '| mode | run | accepted (202/s) | first attempts/s meanwhile | delivered of accepted | all delivered after the run, s | 202 to first attempt p50 / p99 / max ms |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const run of watched) {
    for (const [phase, d] of Object.entries(run.deliveries!)) {
      const at = phase === 'fixed-rate' ? `fixed load, ${n(run.kith.fixedRate.offeredRate ?? 0)}/s` : 'saturation';
      lines.push(
        `| ${label(run)} | ${at} | ${n(d.accepted)} (${n(d.acceptedPerSecond)}/s) | ${n(d.deliveredPerSecond)} | ${n(d.delivered)} of ${n(d.accepted)} | ${(d.drainedMs / 1000).toFixed(1)} | ${n(d.firstAttemptMs.p50)} / ${n(d.firstAttemptMs.p99)} / ${n(d.firstAttemptMs.max)} |`,
      );
    }
  }
  return [
    '',
    'Webhook deliveries: the time from each 202 reaching the load generator to the first attempt of its delivery reaching the',
    "bench's receiver, over the requests of each run; first attempts/s counts every attempt arriving during the run. After each run of",
    'Kith the harness waits (up to 120 s) until every request so far has had its first attempt, so that no backlog carries into the next run.',
    '',
    ...lines,
  ];
}

const COUNT_NAMES: Record<string, string> = {
  pgTransactions: 'PostgreSQL transactions',
  pgRowsWritten: 'rows written',
  kafkaMessages: 'Kafka messages',
  kafkaOffsetCommits: 'offset commits',
  sqlStatements: 'SQL statements',
  sqlTransactions: 'transactions begun',
  busMessages: 'bus messages',
};

/** A side's counts, also from runs before 2026-11-25, which kept them beside `requests`. */
function countsOf(c: PerRequestCounts | (Record<string, number> & { counts?: undefined })): Record<string, number> {
  if (c.counts) return c.counts;
  const { requests: _requests, ...counts } = c as Record<string, number>;
  return counts;
}

/** What one request costs, Kith beside the floor where it was counted: a table per mode, whose counts differ. */
function perRequestTable(runs: RunResult[]): string[] {
  const lines: string[] = [];
  for (const mode of ['distributed', 'embedded']) {
    const counted = runs.flatMap((run) =>
      run.mode === mode ? Object.entries(run.perRequest ?? {}).flatMap(([side, c]) => (c ? [{ run, side, requests: c.requests, counts: countsOf(c) }] : [])) : [],
    );
    if (counted.length === 0) continue;
    const names = Object.keys(counted[0]!.counts);
    lines.push(
      '',
      mode === 'distributed'
        ? "Per request (bench/per-request.ts), over a batch at the offered load less what the idle processes do over as long: PostgreSQL's transactions and rows written on every database of the server, the messages of the run's topics and offset commits on Kafka."
        : "Per request (bench/per-request.ts), over a batch at the offered load less what the idle process does over as long: the statements and transactions Kith's /metrics counted, and the messages it published on its bus.",
      '',
      `| mode | side | ${names.map((name) => COUNT_NAMES[name] ?? name).join(' | ')} | requests counted |`,
      `|---|---|${names.map(() => '---:|').join('')}---:|`,
      ...counted.map(({ run, side, requests, counts }) => `| ${label(run)} | ${side} | ${names.map((name) => counts[name]).join(' | ')} | ${n(requests)} |`),
    );
  }
  return lines;
}

function processTable(runs: RunResult[]): string[] {
  const lines = ['| mode | process | peak RSS MB | CPU % at saturation (100 = one core) |', '|---|---|---:|---:|'];
  for (const run of runs) {
    const sides: [string, TargetResult][] = [['Kith', run.kith], ['baseline', run.baseline], ...(run.floor ? [['floor', run.floor] as [string, TargetResult]] : [])];
    for (const [side, target] of sides) {
      for (const proc of target.processes) {
        lines.push(`| ${label(run)} | ${side === 'Kith' ? proc.name : `${side}: ${proc.name}`} | ${proc.peakRssMb.toFixed(0)} | ${proc.cpuPercentAtSaturation.toFixed(0)} |`);
      }
      const ours = target.processes.reduce((sum, proc) => sum + proc.cpuPercentAtSaturation, 0) + target.loadGeneratorCpuPercent;
      const rest = Math.max(0, (target.machineCpuBusyPercent * run.machine.cores) - ours);
      lines.push(
        `| ${label(run)} | *load generator, against ${side}* | | ${target.loadGeneratorCpuPercent.toFixed(0)} |`,
        `| ${label(run)} | *everything else (PostgreSQL, Kafka, kernel, other work), against ${side}* | | ${rest.toFixed(0)} |`,
        `| ${label(run)} | *whole machine, against ${side} (% of all cores)* | | ${target.machineCpuBusyPercent.toFixed(0)} |`,
      );
    }
  }
  return lines;
}

function barChart(title: string, bars: [string, number][]): string[] {
  return [
    '```mermaid',
    'xychart-beta',
    `  title ${JSON.stringify(title)}`,
    `  x-axis [${bars.map(([name]) => JSON.stringify(name)).join(', ')}]`,
    '  y-axis "req/s"',
    `  bar [${bars.map(([, value]) => value).join(', ')}]`,
    '```',
  ];
}

/** Kith beside its baseline (the scale of the gap), then Kith alone (the modes against each other). */
function charts(runs: RunResult[]): string[] {
  return [
    ...barChart(
      'Requests/s at saturation: baseline and Kith',
      runs.flatMap((run): [string, number][] => [
        [`${run.scenario} ${label(run)}: baseline`, run.baseline.saturation.rps],
        [`${run.scenario} ${label(run)}: Kith`, run.kith.saturation.rps],
      ]),
    ),
    '',
    ...barChart('Requests/s at saturation: Kith', runs.map((run): [string, number] => [`${run.scenario} ${label(run)}`, run.kith.saturation.rps])),
  ];
}

/** A Kith / floor ratio, and with `--rounds` the range of the rounds' ratios it is the median of. */
function floorRatioOf(reported: number | undefined, rounds: RoundFigures[] | undefined): string {
  if (reported === undefined) return '–';
  if (!rounds) return times(reported);
  const ratios = rounds.map((round) => ratio(round.kith, round.floor));
  return `${times(reported)} (median of ${rounds.length} rounds, ${times(Math.min(...ratios))}–${times(Math.max(...ratios))})`;
}

/** The latest profiled run of each scenario and mode: where each Kith process spent its CPU time. */
function profileSection(runs: RunResult[]): string[] {
  if (runs.length === 0) return [];
  const lines = [
    '',
    '## Where the time goes',
    '',
    'From the latest run with `--cpu-prof` of each scenario and mode (self time, percent of the process\'s busy time over the',
    'whole run, start-up included; the `--import tsx` loader thread is left out). `(native)` is time in V8 and Node built-ins called',
    'from JavaScript, such as socket writes.',
  ];
  for (const run of runs) {
    lines.push('', `### ${run.scenario}, ${label(run)} (${n(run.kith.saturation.rps)} req/s while profiled)`, '', '| process | by package or file | by function |', '|---|---|---|');
    for (const profile of (run.profiles ?? []).filter((p) => !p.process.includes('(thread'))) {
      const modules = profile.byModule.slice(0, 6).map((m) => `${m.module} ${m.percent}%`).join('<br>');
      const functions = profile.byFunction.slice(0, 6).map((f) => `\`${f.fn}\` ${f.percent}%`).join('<br>');
      lines.push(`| ${profile.process} | ${modules} | ${functions} |`);
    }
  }
  return lines;
}

/** The warm-up a run's saturations had, as the report words it. */
const warmUp = (settings: RunResult['settings']) =>
  `${settings.warmupS} s warm-up` + ((settings.rounds ?? 1) > 1 && settings.rewarmS !== undefined ? ` (later rounds ${settings.rewarmS} s)` : '');

/** REPORT.md: the latest run of each scenario and mode, a chart, and every run on record. */
export async function writeReport(): Promise<void> {
  const all = await loadRuns();
  // A profiled run is slowed by the profiler: it is listed below, but not quoted as the latest figures.
  const latest = new Map<string, RunResult>();
  for (const { run } of all) if (!run.settings.cpuProf) latest.set(`${run.scenario}/${label(run)}`, run);
  const current = [...latest.values()];
  const scenarios = [...new Set(current.map((run) => run.scenario))];

  const lines = [
    '# Kith benchmark report',
    '',
    'Generated by `npm run bench` from the JSON files beside it; do not edit by hand. How the numbers are made: [../README.md](../README.md).',
    'Each row is the latest run of a scenario and mode. Ratios are Kith / baseline, where the baseline is a bare Hono route that parses and',
    "zod-validates the same body, and Kith / floor, where the floor is the architecture without Kith's logic: that route, Kith's request-reply",
    'over Kafka and one indexed PostgreSQL lookup (distributed), or the route and one PGlite lookup in one process (embedded). All three are',
    'measured in the same run with the same load shape. Latencies are at the same fixed offered load for all three.',
    '',
    ...charts(current),
  ];
  for (const scenario of scenarios) {
    const runs = current.filter((run) => run.scenario === scenario);
    const first = runs[0]!;
    lines.push(
      '',
      `## ${scenario}`,
      '',
      first.summary,
      '',
      ...runTable(runs),
      ...perRequestTable(runs),
      ...deliveryTable(runs),
      '',
      `Saturation: ${first.settings.connections} connections for ${first.settings.durationS} s after a ${warmUp(first.settings)}. ` +
        `Offered load: ${first.settings.fixedLoadFraction} × Kith's saturation req/s (or the rate a row names), for ${first.settings.durationS} s, against both` +
        (first.kith.fixedRate.warmup ? `, after ${Math.round(first.kith.fixedRate.warmup.durationS)} s of it on the same connections.` : '.'),
      '',
      ...processTable(runs),
    );
  }
  const profiled = new Map<string, RunResult>();
  for (const { run } of all) if (run.profiles?.length) profiled.set(`${run.scenario}/${label(run)}`, run);
  lines.push(...profileSection([...profiled.values()]));
  lines.push(...(await matchingSection(resultsDir)));
  lines.push(...(await importSection(resultsDir)));
  lines.push(
    '',
    '## Runs on record',
    '',
    '| run | commit | machine | busy before | Kith req/s | ratio | ratio to floor | p99 ms at offered load |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  );
  for (const { file, run } of all.slice().reverse()) {
    lines.push(
      `| [${file}](${file})${run.settings.cpuProf ? ' (profiled)' : ''} | ${run.git.commit.slice(0, 7)}${run.git.dirty ? '+' : ''} | ${run.machine.cores}× ${run.machine.cpuModel}, Node ${run.machine.node} | ${run.backgroundCpuBusyPercent ?? '?'}% | ${n(run.kith.saturation.rps)} | ${times(run.ratios.rps)} | ${floorRatioOf(run.ratios.floorRps, run.saturationRounds)} | ${ms(run.kith.fixedRate.latencyMs.p99)} |`,
    );
  }
  lines.push(
    '',
    'A `+` after the commit: the working tree had uncommitted changes. *Busy before*: the machine\'s CPU use in the 2 s before the load,',
    'with our processes idle; well above 0 means something else was running and the run\'s figures are low.',
    '',
  );
  await writeFile(join(resultsDir, 'REPORT.md'), lines.join('\n'));
}
