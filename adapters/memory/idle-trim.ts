import { performance } from 'node:perf_hooks';
import type { Logger } from '../logger.ts';
import type { NativeHeapTrim } from './native-heap.ts';

/** An interval whose event loop was busy less than this share of the time is idle. */
export const IDLE_BELOW = 0.1;

/**
 * Whether to trim now, given the share of the last interval the event loop was busy: in the first idle interval
 * after start-up or after a busy one, and then not again until the process has been busy. A busy process would
 * take the pages straight back.
 */
export function idleTrimDecider(idleBelow = IDLE_BELOW): (utilization: number) => boolean {
  let busySinceTrim = true;
  return (utilization) => {
    if (utilization >= idleBelow) {
      busySinceTrim = true;
      return false;
    }
    const trimNow = busySinceTrim;
    busySinceTrim = false;
    return trimNow;
  };
}

/**
 * For the life of the process: every `everyMs`, reads the event loop's use over the interval and trims when
 * `idleTrimDecider` says so. The timer does not keep the process alive.
 */
export function trimWhenIdle(trim: NativeHeapTrim, everyMs: number, log: Logger): void {
  const decide = idleTrimDecider();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (!decide(utilization)) return;
    const started = performance.now();
    const released = trim();
    const ms = Math.round((performance.now() - started) * 100) / 100;
    log.debug({ released, ms, rssMb: Math.round(process.memoryUsage.rss() / 1_048_576) }, 'freed memory handed back to the system');
  }, everyMs);
  timer.unref();
}
