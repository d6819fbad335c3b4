import type { ImportStep } from './import-kith.ts';

/**
 * The figures of the import-resolution scenario (issue #45): the same records imported without resolution and
 * with it, in the same run, against the goals: at most twice the time, at most 1 GB of peak RSS.
 */

export const GOALS = { timeRatio: 2, peakRssMb: 1024 } as const;

/** One database's imports of the three sources. */
export type ImportSide = {
  steps: ImportStep[];
  /** The three imports' wall time, start-up to exit, summed. */
  seconds: number;
  /** The highest RSS of any one import process. */
  peakRssMb: number;
  /** The database on disk afterwards: pg_database_size, or the data directory's size. */
  diskMb: number;
  /** Of the imports' own time: training the match model after each import, and resolving (0 without resolution). */
  trainingSeconds: number;
  resolutionSeconds: number;
  /** The resolution counts the imports printed, summed (none without resolution). */
  resolution?: { resolved: number; merged: number; split: number; moved: number };
};

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The totals of one database's imports, with its size on disk. */
export function sideOf(steps: ImportStep[], diskMb: number): ImportSide {
  const sum = (of: (step: ImportStep) => number) => round(steps.reduce((total, step) => total + of(step), 0));
  const resolved = steps.filter((step) => step.summary.resolution);
  return {
    steps,
    seconds: sum((step) => step.seconds),
    peakRssMb: Math.max(0, ...steps.map((step) => step.peakRssMb)),
    diskMb,
    trainingSeconds: sum((step) => step.summary.training?.seconds ?? 0),
    resolutionSeconds: sum((step) => step.summary.resolution?.seconds ?? 0),
    ...(resolved.length > 0 && {
      resolution: {
        resolved: resolved.reduce((total, step) => total + step.summary.resolution!.resolved, 0),
        merged: resolved.reduce((total, step) => total + step.summary.resolution!.merged, 0),
        split: resolved.reduce((total, step) => total + step.summary.resolution!.split, 0),
        moved: resolved.reduce((total, step) => total + step.summary.resolution!.moved, 0),
      },
    }),
  };
}

export type ImportComparison = {
  /** With resolution ÷ without, in time; the goal is at most GOALS.timeRatio. */
  timeRatio: number;
  secondsAdded: number;
  /** The higher of the two sides' peak RSS; the goal is at most GOALS.peakRssMb. */
  peakRssMb: number;
  diskMbAdded: number;
  diskRatio: number;
  meets: { time: boolean; peakRss: boolean };
};

/** What resolution adds to the same records' import, and whether it is within the goals. */
export function compareSides(without: ImportSide, withResolution: ImportSide): ImportComparison {
  const timeRatio = without.seconds > 0 ? round(withResolution.seconds / without.seconds, 3) : 0;
  const peakRssMb = Math.max(without.peakRssMb, withResolution.peakRssMb);
  return {
    timeRatio,
    secondsAdded: round(withResolution.seconds - without.seconds),
    peakRssMb,
    diskMbAdded: round(withResolution.diskMb - without.diskMb),
    diskRatio: without.diskMb > 0 ? round(withResolution.diskMb / without.diskMb, 3) : 0,
    meets: { time: timeRatio <= GOALS.timeRatio, peakRss: peakRssMb <= GOALS.peakRssMb },
  };
}
