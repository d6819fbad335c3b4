import { fixedRate, saturate, type LoadTarget, type Measurement } from './load.ts';
import type { BenchProcess } from './processes.ts';
import type { TargetResult } from './report.ts';
import { openWindow, type WindowUsage } from './rss.ts';

export type MeasureSettings = {
  durationS: number;
  warmupS: number;
  connections: number;
  fixedLoadFraction: number;
  /** The offered load in req/s, when given; otherwise fixedLoadFraction × Kith's saturation req/s. */
  fixedRate?: number;
  phases: number;
};

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

/** Warm-up, then the saturation run with the processes' CPU measured over it. */
async function saturation(side: Side, settings: MeasureSettings, progress: (line: string) => void): Promise<Saturation> {
  progress(`${side.name}: warm-up, ${settings.warmupS} s`);
  await saturate(side.target, { connections: settings.connections, durationS: settings.warmupS });
  progress(`${side.name}: saturation, ${settings.connections} connections, ${settings.durationS} s`);
  const window = openWindow(side.processes);
  await side.onPhase?.('saturation');
  const measurement = await saturate(side.target, { connections: settings.connections, durationS: settings.durationS });
  await side.onPhase?.(undefined);
  const usage = window.close();
  progress(`${side.name}: ${describe(measurement)} (load generator ${usage.loadGeneratorCpuPercent}% CPU, machine ${usage.machineCpuBusyPercent}% busy)`);
  return { measurement, usage };
}

async function offered(side: Side, rate: number, settings: MeasureSettings, progress: (line: string) => void): Promise<Measurement> {
  progress(`${side.name}: fixed load of ${rate.toLocaleString('en-US')} req/s, ${settings.durationS} s`);
  await side.onPhase?.('fixed-rate');
  const measurement = await fixedRate(side.target, { connections: settings.connections, durationS: settings.durationS, rate, phases: settings.phases });
  await side.onPhase?.(undefined);
  progress(`${side.name}: ${describe(measurement)}`);
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

/**
 * The four measurements of a run, in this order: Kith saturated, the baseline saturated, then both at the
 * same fixed offered load (a fraction of Kith's saturation req/s). Peak RSS is sampled over all four.
 */
export async function measureAgainstBaseline(
  kith: Side,
  baseline: Side,
  settings: MeasureSettings,
  progress: (line: string) => void,
): Promise<{ kith: TargetResult; baseline: TargetResult; rate: number }> {
  const peaks = openWindow([...kith.processes, ...baseline.processes]);
  const kithSaturation = await saturation(kith, settings, progress);
  const baselineSaturation = await saturation(baseline, settings, progress);
  const rate = settings.fixedRate ?? Math.max(1, Math.round(kithSaturation.measurement.rps * settings.fixedLoadFraction));
  const kithFixed = await offered(kith, rate, settings, progress);
  const baselineFixed = await offered(baseline, rate, settings, progress);
  const usage = peaks.close();
  return { kith: targetResult(kithSaturation, kithFixed, usage), baseline: targetResult(baselineSaturation, baselineFixed, usage), rate };
}
