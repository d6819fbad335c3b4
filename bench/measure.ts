import { fixedRate, saturate, type LoadTarget, type Measurement } from './load.ts';
import type { BenchProcess } from './processes.ts';
import type { TargetResult } from './report.ts';
import { byRound, type RoundFigures } from './rounds.ts';
import { openWindow, type WindowUsage } from './rss.ts';

export type MeasureSettings = {
  durationS: number;
  /** Warm-up before each side's first saturation run; later rounds and runs at the offered load take rewarmS of it. */
  warmupS: number;
  connections: number;
  fixedLoadFraction: number;
  /** The offered load in req/s, when given; otherwise fixedLoadFraction × Kith's saturation req/s. */
  fixedRate?: number;
  phases: number;
  /** Saturation runs of each side, taken in turn (Kith, the baseline, the floor, Kith again…), then runs at the offered load likewise. */
  rounds: number;
};

/**
 * Warm-up before a side's saturation runs after its first, and before each of its runs at the offered load, at
 * most 5 s: the side is warm from its first round (caches), so this only brings it back to speed after the other
 * sides' runs. That takes seconds, not milliseconds: V8 drops optimised code when the last load's connections
 * close, and the next load's first seconds run while it optimises again (bench/README.md, "A lookup's kept-reply
 * read, skipped"). A run at the offered load keeps its warm-up's connections and reports the warm-up's latencies
 * apart.
 */
export const rewarmS = (warmupS: number) => Math.min(warmupS, 5);

/** `onPhase` is told when a measured run starts (its kind) and ends (undefined); the next step waits for it. */
type Side = {
  name: string;
  target: LoadTarget;
  processes: BenchProcess[];
  onPhase?: (phase: Measurement['kind'] | undefined) => Promise<void>;
};
type Saturation = { measurement: Measurement; usage: WindowUsage };

const describe = (m: Measurement) =>
  `${m.rps.toLocaleString('en-US')} req/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms` +
  (m.errors.connection + m.errors.non2xx > 0 ? `, errors ${JSON.stringify({ ...m.errors.statuses, connection: m.errors.connection })}` : ', no errors');

/** Warm-up of `warmupS`, then the saturation run with the processes' CPU measured over it. */
async function saturation(side: Side, warmupS: number, settings: MeasureSettings, progress: (line: string) => void): Promise<Saturation> {
  progress(`${side.name}: warm-up, ${warmupS} s`);
  await saturate(side.target, { connections: settings.connections, durationS: warmupS });
  progress(`${side.name}: saturation, ${settings.connections} connections, ${settings.durationS} s`);
  const window = openWindow(side.processes);
  await side.onPhase?.('saturation');
  const measurement = await saturate(side.target, { connections: settings.connections, durationS: settings.durationS });
  await side.onPhase?.(undefined);
  const usage = window.close();
  progress(`${side.name}: ${describe(measurement)} (load generator ${usage.loadGeneratorCpuPercent}% CPU, machine ${usage.machineCpuBusyPercent}% busy)`);
  return { measurement, usage };
}

/** `rewarmS` of the offered load, then the measured run on the same connections (the warm-up's answers reported apart). */
async function offered(side: Side, rate: number, settings: MeasureSettings, progress: (line: string) => void): Promise<Measurement> {
  const warmupS = rewarmS(settings.warmupS);
  progress(`${side.name}: fixed load of ${rate.toLocaleString('en-US')} req/s, ${warmupS} s warm-up then ${settings.durationS} s measured`);
  let measuring: Promise<void> | undefined;
  const measurement = await fixedRate(side.target, {
    connections: settings.connections,
    durationS: settings.durationS,
    rate,
    phases: settings.phases,
    warmupS,
    onMeasuring: () => {
      measuring = side.onPhase?.('fixed-rate');
    },
  });
  await measuring;
  await side.onPhase?.(undefined);
  const warmup = measurement.warmup && `; its warm-up p50 ${measurement.warmup.latencyMs.p50} ms, p99 ${measurement.warmup.latencyMs.p99} ms`;
  progress(`${side.name}: ${describe(measurement)}${warmup ?? ''}`);
  return measurement;
}

function targetResult(saturated: Saturation, fixed: Measurement, peaks: WindowUsage): TargetResult {
  return {
    saturation: saturated.measurement,
    fixedRate: fixed,
    processes: saturated.usage.processes.map((proc) => {
      const peak = peaks.processes.find((p) => p.pid === proc.pid)!;
      return { name: proc.name, peakRssMb: peak.peakRssMb, hwmMb: peak.hwmMb, cpuPercentAtSaturation: proc.cpuPercent };
    }),
    loadGeneratorCpuPercent: saturated.usage.loadGeneratorCpuPercent,
    machineCpuBusyPercent: saturated.usage.machineCpuBusyPercent,
  };
}

/** Runs `measure` on each side in turn, `rounds` times. */
async function inRounds<T>(sides: Side[], rounds: number, progress: (line: string) => void, measure: (side: Side, round: number) => Promise<T>): Promise<T[][]> {
  const measured: T[][] = [];
  for (let round = 1; round <= rounds; round++) {
    if (rounds > 1) progress(`round ${round} of ${rounds}`);
    const thisRound: T[] = [];
    for (const side of sides) thisRound.push(await measure(side, round));
    measured.push(thisRound);
  }
  return measured;
}

/**
 * The measurements of a run: Kith, the baseline and the floor saturated, `rounds` times in turn, then each at the
 * same fixed offered load (a fraction of Kith's saturation req/s), `rounds` times in turn. The saturations reported
 * are those of the round with the median Kith / floor ratio of req/s (./rounds.ts), the runs at the offered load
 * those of the round with the median Kith / floor ratio of p99; each round's figures are returned beside them. Peak
 * RSS is sampled over them all.
 */
export async function measureAgainstBaseline(
  kith: Side,
  baseline: Side,
  floor: Side,
  settings: MeasureSettings,
  progress: (line: string) => void,
): Promise<{
  kith: TargetResult;
  baseline: TargetResult;
  floor: TargetResult;
  rate: number;
  /** Each round's req/s at saturation. */
  saturationRounds: RoundFigures[];
  /** Each round's p99 at the offered load, in ms. */
  fixedRateRounds: RoundFigures[];
}> {
  const sides = [kith, baseline, floor];
  const peaks = openWindow(sides.flatMap((side) => side.processes));
  const saturated = byRound(
    await inRounds(sides, settings.rounds, progress, (side, round) =>
      saturation(side, round === 1 ? settings.warmupS : rewarmS(settings.warmupS), settings, progress),
    ),
    (run) => run.measurement.rps,
  );
  const rate = settings.fixedRate ?? Math.max(1, Math.round(saturated.median[0]!.measurement.rps * settings.fixedLoadFraction));
  const fixed = byRound(
    await inRounds(sides, settings.rounds, progress, (side) => offered(side, rate, settings, progress)),
    (run) => run.latencyMs.p99,
  );
  const usage = peaks.close();
  const [kithResult, baselineResult, floorResult] = sides.map((_, index) => targetResult(saturated.median[index]!, fixed.median[index]!, usage));
  return { kith: kithResult!, baseline: baselineResult!, floor: floorResult!, rate, saturationRounds: saturated.figures, fixedRateRounds: fixed.figures };
}
