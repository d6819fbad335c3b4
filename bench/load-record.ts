export type LatencySummary = { p50: number; p90: number; p99: number; max: number; mean: number };

/** What the answers of part of a load run were: every response's latency and status, and the requests that failed. */
export type Tallied = {
  responses: number;
  latencyMs: LatencySummary;
  statuses: Record<string, number>;
  /** Requests that got no answer: connection errors, timeouts among them. */
  connectionErrors: number;
  timeouts: number;
};

/** The exact `q` quantile (0 to 1) of values sorted ascending, by nearest rank; 0 when there are none. */
export const nearestRank = (sorted: ArrayLike<number>, q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** A figure rounded to two decimals, as the bench reports ms and s. */
export const toHundredths = (value: number) => Math.round(value * 100) / 100;

/** Exact percentiles (nearest rank) over every response's latency, so runs compare without histogram buckets. */
function summarize(latencies: Float64Array): LatencySummary {
  if (latencies.length === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = latencies.slice().sort();
  const at = (q: number) => nearestRank(sorted, q);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  return {
    p50: toHundredths(at(0.5)),
    p90: toHundredths(at(0.9)),
    p99: toHundredths(at(0.99)),
    max: toHundredths(sorted[sorted.length - 1]!),
    mean: toHundredths(mean),
  };
}

class Tally {
  private latencies = new Float64Array(1 << 16);
  private responses = 0;
  private statuses: Record<string, number> = {};
  private connectionErrors = 0;
  private timeouts = 0;

  response(status: number, ms: number) {
    if (this.responses === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.responses++] = ms;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
  }

  failure(timedOut: boolean) {
    this.connectionErrors++;
    if (timedOut) this.timeouts++;
  }

  result(): Tallied {
    const { responses, statuses, connectionErrors, timeouts } = this;
    return { responses, latencyMs: summarize(this.latencies.subarray(0, responses)), statuses: { ...statuses }, connectionErrors, timeouts };
  }
}

/**
 * The answers of one load run, split at the moment measuring starts: those before it are the warm-up's, tallied
 * apart so that they are reported beside the measurement rather than in it. Those after measuring stops (a load
 * made of staggered parts, winding down) are not tallied. Times are in ms.
 */
export class LoadRecord {
  private readonly warmup = new Tally();
  private readonly measured = new Tally();
  private current: Tally | undefined;
  private measuringSinceMs: number | undefined;
  private measuringUntilMs: number | undefined;

  /** A run that starts at `startedMs`, measured from then unless it is `warmingUp` until `startMeasuring`. */
  constructor(
    private readonly startedMs: number,
    warmingUp: boolean,
  ) {
    this.current = warmingUp ? this.warmup : this.measured;
    if (!warmingUp) this.measuringSinceMs = startedMs;
  }

  startMeasuring(nowMs: number) {
    if (this.measuringUntilMs !== undefined) return;
    this.current = this.measured;
    this.measuringSinceMs ??= nowMs;
  }

  stopMeasuring(nowMs: number) {
    this.startMeasuring(nowMs);
    this.current = undefined;
    this.measuringUntilMs = nowMs;
  }

  response(status: number, ms: number) {
    this.current?.response(status, ms);
  }

  failure(timedOut: boolean) {
    this.current?.failure(timedOut);
  }

  /** The measured part and the warm-up, each with its length in s, the run having ended at `nowMs`. */
  finish(nowMs: number): { measured: Tallied & { durationS: number }; warmup: Tallied & { durationS: number } } {
    const measuringSinceMs = this.measuringSinceMs ?? nowMs;
    return {
      measured: { ...this.measured.result(), durationS: ((this.measuringUntilMs ?? nowMs) - measuringSinceMs) / 1000 },
      warmup: { ...this.warmup.result(), durationS: (measuringSinceMs - this.startedMs) / 1000 },
    };
  }
}
