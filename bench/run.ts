import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { v3Operations } from '../domain/operations.ts';
import { createBenchAccount } from './account.ts';
import { summarizeProfiles } from './cpu-profile.ts';
import { deleteRunTopics } from './kafka-topics.ts';
import { BENCH_MODES, BUILD_DIR, startKithDeployment, type BenchMode } from './kith-processes.ts';
import type { HttpRequest, LoadTarget } from './load.ts';
import { rotation } from './load.ts';
import { measureAgainstBaseline, rewarmS } from './measure.ts';
import { medianRound, type RoundFigures } from './rounds.ts';
import { countPerRequest, type PerRequestCounts } from './per-request.ts';
import { serverCounting } from './per-request-distributed.ts';
import { metricsCounting } from './per-request-embedded.ts';
import { gitState, machine } from './machine.ts';
import { repoRoot, runCommand, spawnServer, stopAll } from './processes.ts';
import { ratio, resultsDir, saveRun, type RunResult } from './report.ts';
import { machineBusyPercent } from './rss.ts';
import { scenarios, type Scenario } from './scenarios.ts';
import { startServices } from './services.ts';
import { deliveriesOfRounds, numberedApart, watchDeliveries } from './webhook-sink.ts';
import { startFloor } from './floor/start.ts';

const HELP = `npm run bench [-- options]

Runs each scenario against Kith, a bare Hono baseline and the floor (the architecture without Kith's logic:
bench/floor/) in the same run, and writes
bench/results/<scenario>-<mode>-<time>.json and bench/results/REPORT.md.

  --scenario NAME     ${Object.keys(scenarios).join(', ')} (default: all), or chaos (bench/chaos.ts:
                      10,000 webhook requests while processes and the broker are killed; prints counts), or
                      import-resolution (bench/import-resolution.ts: an import of three sources without and with
                      resolution; --scenario import-resolution --help for its options)
  --mode MODE         ${BENCH_MODES.join(', ')} (default: every mode the scenario has)
  --duration S        seconds per measurement (default 10)
  --warmup S          seconds of warm-up before each side's first saturation run (default 30; later rounds,
                      and each run at the offered load, take at most 5 of the same load)
  --connections N     connections of the load generator (default 50)
  --ingress N         ingress replicas in distributed mode (default 1)
  --enrichment N      enrichment worker replicas in distributed mode (default 1)
  --fixed-load F      offered load as a fraction of Kith's saturation req/s (default 0.5)
  --fixed-rate N      offered load of N req/s instead, the same whatever the saturation: to compare scenarios
  --phases N          staggered autocannon instances making up the fixed load (default 10)
  --rounds N          saturate Kith, the baseline and the floor N times in turn, then load them at the offered
                      load N times in turn, and report the rounds with the median Kith / floor ratio of req/s
                      and of p99, each round's figures beside them (default 1); a webhook scenario's deliveries
                      are reported for each round, and those of the median rounds as the run's
  --log-level LEVEL   LOG_LEVEL of the Kith processes (default info, as deployed)
  --kith-env K=V      a setting for the Kith processes (README.md, Configuration), over the scenario's own;
                      repeat for several. Recorded in the result, and named in the report's row
  --cpu-prof          profile the Kith and floor processes (node --cpu-prof) and summarize where time goes
  --keep-logs         keep the processes' logs under bench/results/tmp/ after a clean run
  --wait-idle S       before loading, wait up to S seconds for other work on the machine to stop (default 0)
`;

type Settings = RunResult['settings'] & { rounds: number; keepLogs: boolean; waitIdleS: number };

/** How long, after a run of a webhook scenario, its requests' first attempts are waited for before going on. */
const DELIVERY_DRAIN_MS = 120_000;

/** Seconds of the batch whose PostgreSQL and Kafka work is counted per request (distributed mode). */
const COUNTED_S = 10;

/** Machine CPU use above which other work is taken to be running. */
const QUIET_PERCENT = 15;

let interrupted = false;
const progress = (line: string) => {
  if (!interrupted) process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};
/** Temporary data directories, removed at the end of their run or on Ctrl-C. */
const scratch = new Set<string>();

function positive(name: string, value: string | undefined, fallback: number, integer = true): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!(number > 0) || (integer && !Number.isInteger(number))) throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return number;
}

/** `--kith-env KEY=VALUE` options as settings for the Kith processes. */
function kithSettings(assignments: string[]): Record<string, string> {
  return Object.fromEntries(
    assignments.map((assignment) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(assignment);
      if (!match) throw new Error(`--kith-env takes KEY=VALUE with KEY in capitals, as README.md's settings are named; got ${assignment}`);
      return [match[1], match[2]];
    }),
  );
}

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: 'string' },
      mode: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      ingress: { type: 'string' },
      enrichment: { type: 'string' },
      'fixed-load': { type: 'string' },
      'fixed-rate': { type: 'string' },
      phases: { type: 'string' },
      rounds: { type: 'string' },
      'log-level': { type: 'string' },
      'kith-env': { type: 'string', multiple: true },
      'cpu-prof': { type: 'boolean' },
      'keep-logs': { type: 'boolean' },
      'wait-idle': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const chosen = values.scenario === undefined ? Object.values(scenarios) : [scenarios[values.scenario]];
  if (chosen.some((scenario) => scenario === undefined)) throw new Error(`no scenario named ${values.scenario}; there are: ${Object.keys(scenarios).join(', ')}`);
  const mode = values.mode as BenchMode | undefined;
  if (mode !== undefined && !BENCH_MODES.includes(mode)) throw new Error(`--mode must be one of ${BENCH_MODES.join(', ')}`);
  const settings: Settings = {
    durationS: positive('duration', values.duration, 10),
    warmupS: positive('warmup', values.warmup, 30),
    connections: positive('connections', values.connections, 50),
    ingress: positive('ingress', values.ingress, 1),
    enrichmentWorkers: positive('enrichment', values.enrichment, 1),
    fixedLoadFraction: positive('fixed-load', values['fixed-load'], 0.5, false),
    ...(values['fixed-rate'] !== undefined && { fixedRate: positive('fixed-rate', values['fixed-rate'], 0) }),
    phases: positive('phases', values.phases, 10),
    rounds: positive('rounds', values.rounds, 1),
    logLevel: values['log-level'] ?? 'info',
    ...(values['kith-env'] !== undefined && { kithEnv: kithSettings(values['kith-env']) }),
    cpuProf: values['cpu-prof'] ?? false,
    keepLogs: values['keep-logs'] ?? false,
    waitIdleS: values['wait-idle'] === undefined ? 0 : positive('wait-idle', values['wait-idle'], 0),
  };
  if (mode === 'embedded' && (settings.ingress > 1 || (settings.enrichmentWorkers ?? 1) > 1)) {
    throw new Error('--ingress and --enrichment apply to distributed mode only');
  }
  const runs = (chosen as Scenario[]).flatMap((scenario) => (mode ? [mode] : scenario.modes).map((m) => ({ scenario, mode: m })));
  const unsupported = runs.find(({ scenario, mode: m }) => !scenario.modes.includes(m));
  if (unsupported) throw new Error(`scenario ${unsupported.scenario.name} does not run in ${unsupported.mode} mode`);
  return { runs, settings };
}

/** One request to each URL before loading: the run is refused unless every answer is what a client expects. */
async function checkAnswers(urls: string[], request: HttpRequest, status: number, validate?: (body: unknown) => void) {
  for (const url of urls) {
    const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body });
    const text = await response.text();
    if (response.status !== status) throw new Error(`${url} answered ${response.status}: ${text}`);
    if (status === 200) validate?.(JSON.parse(text));
  }
}

/** The machine's CPU use with our processes idle, after waiting up to `waitS` for other work to stop. */
async function waitForQuiet(waitS: number): Promise<number> {
  let busy = await machineBusyPercent(2000);
  for (let waited = 0; busy > QUIET_PERCENT && waited < waitS; waited += 2) {
    if (waited % 30 === 0) progress(`machine ${busy}% busy with other work; waiting up to ${waitS - waited} s for it to calm down`);
    busy = await machineBusyPercent(2000);
  }
  progress(`machine ${busy}% busy before loading${busy > QUIET_PERCENT ? ': something else is running here, expect skewed figures' : ''}`);
  return busy;
}

/** Services, the baseline and Kith, the account the load uses, and the scenario's own setup. */
async function startTargets(scenario: Scenario, mode: BenchMode, settings: Settings, dirs: { logDir: string; dataDir: string; profileDir: string }) {
  const serviceNames = [...(mode === 'distributed' ? ['postgres', 'kafka'] : []), ...(scenario.services ?? [])];
  if (serviceNames.length > 0) progress(`starting services: ${serviceNames.join(', ')}`);
  const services = await startServices(serviceNames);
  const profiling = settings.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${dirs.profileDir}`] : [];
  const prepared = (await scenario.prepare?.(services, progress)) ?? {};
  // Made before anything starts: generating them takes seconds of this process's event loop.
  const bodies = scenario.bodies?.().map((body) => JSON.stringify(body));
  if (bodies) progress(`the load asks ${bodies.length.toLocaleString('en-US')} different bodies in turn`);

  const replicas = `${settings.ingress} ingress, ${settings.enrichmentWorkers ?? 1} enrichment`;
  progress(`${scenario.name}/${mode}: starting Kith${mode === 'distributed' ? ` (${replicas})` : ''} and the baseline; logs in ${relative(repoRoot, dirs.logDir)}`);
  const [baseline, kith] = await Promise.all([
    spawnServer({ name: 'baseline', entry: 'bench/baseline-server.ts', args: [scenario.operation], env: {}, logDir: dirs.logDir, ready: /"port":(\d+)/ }),
    startKithDeployment({
      mode,
      ingress: settings.ingress,
      enrichmentWorkers: settings.enrichmentWorkers ?? 1,
      services,
      dataDir: dirs.dataDir,
      logDir: dirs.logDir,
      logLevel: settings.logLevel,
      nodeFlags: profiling,
      env: { ...scenario.kithEnv?.(services), ...prepared, ...settings.kithEnv },
    }),
  ]);
  progress(`starting the ${mode} floor`);
  const floor = await startFloor({ mode, operation: scenario.operation, services, topicPrefix: kith.env.KITH_TOPIC_PREFIX, logDir: dirs.logDir, nodeFlags: profiling });
  const account = await createBenchAccount(kith.urls[0]!, kith.adminToken);
  await scenario.setup?.({ mode, urls: kith.urls, adminToken: kith.adminToken, account, kithEnv: kith.env, services, progress });

  const path = `/v3/${scenario.operation}`;
  const deliveries = scenario.watchesDeliveries ? watchDeliveries(DELIVERY_DRAIN_MS) : undefined;
  const request = (nextBody?: () => string, onAnswer?: HttpRequest['onAnswer']): HttpRequest => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}` },
    body: JSON.stringify(scenario.body),
    nextBody,
    onAnswer,
  });
  // Kith and the baseline each go through the bodies from the first, Kith's rotation going on across its runs.
  const kithBodies = bodies && rotation(bodies);
  const kithTarget: LoadTarget = {
    urls: kith.urls.map((url) => `${url}${path}`),
    request: request(deliveries && kithBodies ? numberedApart(kithBodies) : kithBodies, deliveries?.accepted),
  };
  const baselineTarget: LoadTarget = { urls: [`http://127.0.0.1:${baseline.port}${path}`], request: request(bodies && rotation(bodies)) };
  const floorTarget: LoadTarget = { urls: [`${floor.url}${path}`], request: request(bodies && rotation(bodies)) };
  await checkAnswers(kithTarget.urls, kithTarget.request, scenario.expectStatus ?? 200, (body) => v3Operations[scenario.operation].response.parse(body));
  await checkAnswers(baselineTarget.urls, baselineTarget.request, 200);
  await checkAnswers(floorTarget.urls, floorTarget.request, 200, (body) => {
    if ((body as { value?: unknown }).value == null) throw new Error(`the floor found no row: ${JSON.stringify(body)}`);
  });
  return { request: kithTarget.request, distinctBodies: bodies?.length, kith, kithTarget, baseline, baselineTarget, floor, floorTarget, deliveries };
}

/**
 * What one request costs. Distributed: Kith's and the floor's PostgreSQL and Kafka work, read on the servers.
 * Embedded: Kith's statements, transactions and bus messages, read from its /metrics (the floor's one lookup is
 * one statement by construction).
 */
async function countPerRequestOfSides(mode: BenchMode, kith: { env: Record<string, string>; urls: string[] }, targets: { kith: LoadTarget; floor: LoadTarget }, rate: number) {
  const counted: Partial<Record<'kith' | 'floor', PerRequestCounts>> = {};
  const sides = mode === 'distributed' ? (['kith', 'floor'] as const) : (['kith'] as const);
  for (const side of sides) {
    progress(`${side}: counting the work of a request over ${COUNTED_S} s at ${rate.toLocaleString('en-US')} req/s, after as long idle`);
    const counting =
      mode === 'distributed'
        ? serverCounting({ databaseUrl: kith.env.DATABASE_URL!, brokers: kith.env.KAFKA_BROKERS!, topicPrefix: kith.env.KITH_TOPIC_PREFIX! })
        : metricsCounting(kith.urls[0]!);
    const c = await countPerRequest(targets[side], counting, { rate, durationS: COUNTED_S });
    counted[side] = c;
    const each = Object.entries(c.counts).map(([name, value]) => `${value} ${name}`);
    progress(`${side}: per request ${each.join(', ')} (${c.requests.toLocaleString('en-US')} requests)`);
  }
  return counted;
}

async function runScenario(scenario: Scenario, mode: BenchMode, settings: Settings): Promise<void> {
  const startedAt = new Date();
  const distributed = mode === 'distributed';
  const runSettings = { ...settings, ingress: distributed ? settings.ingress : 1, enrichmentWorkers: distributed ? (settings.enrichmentWorkers ?? 1) : 1 };
  const logDir = join(resultsDir, 'tmp', `${scenario.name}-${mode}-${startedAt.getTime()}`);
  const profileDir = join(logDir, 'profiles');
  await mkdir(logDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-bench-'));
  scratch.add(dataDir);
  let clean = false;
  let topics: { brokers: string; prefix: string } | undefined;
  try {
    const { request, distinctBodies, kith, kithTarget, baseline, baselineTarget, floor, floorTarget, deliveries } = await startTargets(scenario, mode, runSettings, { logDir, dataDir, profileDir });
    if (distributed) topics = { brokers: kith.env.KAFKA_BROKERS!, prefix: kith.env.KITH_TOPIC_PREFIX! };
    const backgroundCpuBusyPercent = await waitForQuiet(settings.waitIdleS);
    const measured = await measureAgainstBaseline(
      { name: 'Kith', target: kithTarget, processes: kith.processes, onPhase: deliveries?.phase },
      { name: 'baseline', target: baselineTarget, processes: [baseline] },
      { name: 'floor', target: floorTarget, processes: floor.processes },
      runSettings,
      progress,
    );
    const perRequest = await countPerRequestOfSides(mode, kith, { kith: kithTarget, floor: floorTarget }, measured.rate);
    const deliveryRounds = deliveries?.result();
    for (const [phase, results] of Object.entries(deliveryRounds ?? {})) {
      for (const [round, d] of results.entries()) {
        progress(
          `${phase}${results.length > 1 ? `, round ${round + 1}` : ''}: ${d.accepted} accepted (${d.acceptedPerSecond}/s), ${d.delivered} delivered, ` +
            `${d.deliveredPerSecond} first attempts/s meanwhile, all in ${d.drainedMs} ms more; 202 to first attempt p50 ${d.firstAttemptMs.p50} ms, p99 ${d.firstAttemptMs.p99} ms`,
        );
      }
    }
    const medianOf = (rounds: RoundFigures[]) => medianRound(rounds.map((round) => round.kith), rounds.map((round) => round.floor));
    const delivered =
      deliveryRounds && deliveriesOfRounds(deliveryRounds, { saturation: medianOf(measured.saturationRounds), 'fixed-rate': medianOf(measured.fixedRateRounds) });

    progress('stopping');
    const exitCodes = await stopAll();
    const profiles = settings.cpuProf ? await summarizeProfiles(profileDir, [...kith.processes, ...floor.processes]) : undefined;

    const result: RunResult = {
      scenario: scenario.name,
      summary: scenario.summary,
      mode,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      settings: {
        durationS: runSettings.durationS,
        warmupS: runSettings.warmupS,
        connections: runSettings.connections,
        ingress: runSettings.ingress,
        enrichmentWorkers: runSettings.enrichmentWorkers,
        fixedLoadFraction: runSettings.fixedLoadFraction,
        fixedRate: runSettings.fixedRate,
        phases: runSettings.phases,
        rounds: runSettings.rounds,
        rewarmS: rewarmS(runSettings.warmupS),
        logLevel: runSettings.logLevel,
        cpuProf: runSettings.cpuProf,
        ...(runSettings.kithEnv && { kithEnv: runSettings.kithEnv }),
      },
      request: { method: request.method, path: request.path, body: request.body, distinctBodies },
      machine: machine(),
      backgroundCpuBusyPercent,
      git: await gitState(),
      kith: measured.kith,
      baseline: measured.baseline,
      floor: measured.floor,
      ...(measured.saturationRounds.length > 1 && { saturationRounds: measured.saturationRounds, fixedRateRounds: measured.fixedRateRounds }),
      ratios: {
        rps: ratio(measured.kith.saturation.rps, measured.baseline.saturation.rps),
        p50AtFixedRate: ratio(measured.kith.fixedRate.latencyMs.p50, measured.baseline.fixedRate.latencyMs.p50),
        p99AtFixedRate: ratio(measured.kith.fixedRate.latencyMs.p99, measured.baseline.fixedRate.latencyMs.p99),
        floorRps: ratio(measured.kith.saturation.rps, measured.floor.saturation.rps),
        floorP99AtFixedRate: ratio(measured.kith.fixedRate.latencyMs.p99, measured.floor.fixedRate.latencyMs.p99),
      },
      exitCodes,
      profiles,
      deliveries: delivered,
      ...(deliveryRounds && measured.saturationRounds.length > 1 && { deliveryRounds }),
      perRequest,
    };
    const file = await saveRun(result);

    const unclean = Object.entries(exitCodes).filter(([, code]) => code !== 0);
    if (unclean.length > 0) progress(`warning: processes that did not exit 0: ${unclean.map(([name, code]) => `${name} (${code})`).join(', ')}`);
    progress(
      `${scenario.name}/${mode}: Kith ${result.ratios.rps}× the baseline's req/s and ${result.ratios.floorRps}× the floor's; ` +
        `p99 at ${measured.rate.toLocaleString('en-US')} req/s ${result.ratios.p99AtFixedRate}× the baseline's and ${result.ratios.floorP99AtFixedRate}× the floor's; ` +
        `peak RSS ${result.kith.processes.map((p) => `${p.name} ${p.peakRssMb} MB`).join(', ')}, baseline ${result.baseline.processes[0]!.peakRssMb} MB`,
    );
    if (measured.saturationRounds.length > 1) {
      const ratiosByRound = (rounds: RoundFigures[]) => rounds.map((round) => `${ratio(round.kith, round.floor)}×`).join(', ');
      progress(`Kith / floor by round: req/s ${ratiosByRound(measured.saturationRounds)}; p99 ${ratiosByRound(measured.fixedRateRounds)}; reported: the median rounds'`);
    }
    for (const profile of profiles ?? []) {
      progress(`profile of ${profile.process} (${profile.busyMs} ms busy): ${profile.byModule.slice(0, 8).map((m) => `${m.module} ${m.percent}%`).join(', ')}`);
      progress(`  by Kith caller: ${profile.byKithCaller.slice(0, 6).map((f) => `${f.fn} ${f.percent}%`).join(', ')}`);
    }
    progress(`wrote ${relative(repoRoot, file)} and bench/results/REPORT.md`);
    clean = true;
  } finally {
    await stopAll();
    if (topics) await deleteRunTopics(topics.brokers, topics.prefix, progress);
    await rm(dataDir, { recursive: true, force: true });
    scratch.delete(dataDir);
    if (clean && !settings.keepLogs && !settings.cpuProf) await rm(logDir, { recursive: true, force: true });
    else progress(`logs${settings.cpuProf ? ' and CPU profiles' : ''} kept in ${relative(repoRoot, logDir)}`);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  // The chaos scenario counts what survives faults rather than measuring throughput: a runner of its own.
  if (argv.some((arg, index) => arg === '--scenario=chaos' || (arg === '--scenario' && argv[index + 1] === 'chaos'))) {
    const { runChaosBench } = await import('./chaos.ts');
    return runChaosBench(argv);
  }
  // So does the import-resolution scenario, which times the CLI's imports rather than requests.
  if (argv.some((arg, index) => arg === '--scenario=import-resolution' || (arg === '--scenario' && argv[index + 1] === 'import-resolution'))) {
    const { runImportResolutionBench } = await import('./import-resolution.ts');
    return runImportResolutionBench(argv);
  }
  const { runs, settings } = parseCommandLine(process.argv.slice(2));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      progress(`${signal}: stopping every process started; logs stay in bench/results/tmp/`);
      interrupted = true;
      void stopAll().finally(() => {
        for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  progress(`compiling Kith into ${BUILD_DIR}/ (npm run build)`);
  progress((await runCommand(process.execPath, ['scripts/build.mjs', BUILD_DIR])).trim());
  for (const { scenario, mode } of runs) await runScenario(scenario, mode, settings);
}

main().catch(async (error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
  process.exit(1);
});
