import { describe, expect, it } from 'vitest';
import type { ImportStep } from './import-kith.ts';
import { compareSides, sideOf } from './import-summary.ts';

const step = (source: string, seconds: number, peakRssMb: number, resolution?: { resolved: number; merged: number; seconds: number }): ImportStep => ({
  source,
  seconds,
  peakRssMb,
  summary: {
    lines: 100,
    imported: 100,
    rejectedCount: 0,
    seconds: seconds - 1,
    training: { seconds: 0.5 },
    ...(resolution && { resolution: { split: 0, moved: 1, ...resolution } }),
  },
});

describe('the import-resolution figures', () => {
  const without = sideOf([step('crm', 10, 300), step('shop', 12, 350), step('events', 8, 320)], 500);
  const resolved = sideOf(
    [step('crm', 20, 600, { resolved: 100, merged: 0, seconds: 9 }), step('shop', 25, 700, { resolved: 100, merged: 7, seconds: 12 }), step('events', 15.25, 650, { resolved: 100, merged: 3, seconds: 6 })],
    800,
  );

  it("sums a side's imports: time, training, resolution and its counts; the highest RSS", () => {
    expect(without).toMatchObject({ seconds: 30, peakRssMb: 350, diskMb: 500, trainingSeconds: 1.5, resolutionSeconds: 0 });
    expect(without.resolution).toBeUndefined();
    expect(resolved).toMatchObject({ seconds: 60.3, peakRssMb: 700, resolutionSeconds: 27, resolution: { resolved: 300, merged: 10, split: 0, moved: 3 } });
  });

  it('says what resolution adds and whether it is within twice the time and 1 GB', () => {
    expect(compareSides(without, resolved)).toEqual({
      timeRatio: 2.01,
      secondsAdded: 30.3,
      peakRssMb: 700,
      diskMbAdded: 300,
      diskRatio: 1.6,
      meets: { time: false, peakRss: true },
    });
    const fast = sideOf([step('crm', 50, 1100, { resolved: 300, merged: 0, seconds: 20 })], 900);
    expect(compareSides(without, fast).meets).toEqual({ time: true, peakRss: false });
  });
});
