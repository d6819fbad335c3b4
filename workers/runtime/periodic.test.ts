import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.ts';

const log = { warn: vi.fn() } as unknown as Parameters<typeof startPeriodic>[1]['log'];

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once and then every period, never two runs at once, and stop waits for the one under way', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const work = () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const periodic = startPeriodic(work, { everyMs: 1000, log, failure: 'failed' });
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('logs a failed run and tries again at the next period', async () => {
    const work = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(undefined);
    const periodic = startPeriodic(work, { everyMs: 1000, log, failure: 'resolving failed' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'resolving failed');
    expect(work).toHaveBeenCalledTimes(2);
    await periodic.stop();
  });
});
