import { fixedRate, type LoadTarget } from './load.ts';

/** Running totals of a side's work (transactions, statements, messages...), read before and after a batch. */
export type Totals = Record<string, number>;

/** What one request costs, on average over a counted batch, with the number of requests it was counted over. */
export type PerRequestCounts = { requests: number; counts: Totals };

/** Where a side's totals are read: PostgreSQL and Kafka (per-request-distributed.ts) or Kith's /metrics (per-request-embedded.ts). */
export type Counting = {
  read(): Promise<Totals>;
  close(): Promise<void>;
  /** How long after its work a count is sure to be in the totals. */
  settleMs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const minus = (a: Totals, b: Totals): Totals => Object.fromEntries(Object.keys(a).map((key) => [key, a[key]! - (b[key] ?? 0)]));

const round = (value: number) => Math.round(value * 100) / 100;

/** Per request: the batch's counts less the idle rate over the batch's time, shared by the requests answered. */
export function perRequestOf(idle: { totals: Totals; ms: number }, batch: { totals: Totals; ms: number; requests: number }): PerRequestCounts {
  const share = (key: string) => round(Math.max(0, batch.totals[key]! - ((idle.totals[key] ?? 0) * batch.ms) / idle.ms) / Math.max(1, batch.requests));
  return { requests: batch.requests, counts: Object.fromEntries(Object.keys(batch.totals).map((key) => [key, share(key)])) };
}

/**
 * The work of one request of `target`: counted over a batch at a fixed rate, less what the processes do idle
 * (polls, the backlog gate) over as long, measured just before. Every other process of the run stays idle meanwhile.
 */
export async function countPerRequest(target: LoadTarget, counting: Counting, options: { rate: number; durationS: number }): Promise<PerRequestCounts> {
  try {
    const idleStart = await counting.read();
    const idleStartedAt = Date.now();
    await sleep(options.durationS * 1000 + counting.settleMs);
    const idleEnd = await counting.read();
    const batchStartedAt = Date.now();
    const batch = await fixedRate(target, { connections: 10, durationS: options.durationS, rate: options.rate, phases: 10 });
    await sleep(counting.settleMs);
    const batchEnd = await counting.read();
    return perRequestOf(
      { totals: minus(idleEnd, idleStart), ms: batchStartedAt - idleStartedAt },
      { totals: minus(batchEnd, idleEnd), ms: Date.now() - batchStartedAt, requests: batch.ok },
    );
  } finally {
    await counting.close();
  }
}
