import { createServer, type Server } from 'node:http';
import { nearestRank } from './load-record.ts';

/** Where the webhook scenario's deliveries go: a receiver in the bench process that answers 204 at once. */
const WEBHOOK_SINK_PORT = 59_990;

/**
 * The webhook URL of a request: `n` tells the sink which request a delivery answers, so the time from the
 * request's 202 to its first delivery attempt can be measured.
 */
export const webhookUrlFor = (n: number) => `http://127.0.0.1:${WEBHOOK_SINK_PORT}/bench?n=${n}`;

/** A request's number in its webhook URL: the query parameter's name, then the number. */
const TOKEN = /([?&]n=)(\d+)/;

/**
 * The bodies `next` gives, each with a number of its own in its webhook URL: the bodies repeat (a run of Kith with
 * its warm-up and rounds sends more requests than there are bodies), the requests' numbers must not, or a delivery
 * would be matched to a request that came before it.
 */
export function numberedApart(next: () => string): () => string {
  let sent = 0;
  return () => next().replace(TOKEN, (_, parameter: string) => `${parameter}${sent++}`);
}

/** When the first attempt of each request's delivery reached the sink, by `n`. */
const firstArrivals = new Map<number, number>();

let sink: Server | undefined;

/** Starts the sink once per bench process; later calls reuse it. The process exits with the run. */
export async function startWebhookSink(): Promise<void> {
  if (sink) return;
  sink = createServer((request, response) => {
    const n = TOKEN.exec(request.url ?? '')?.[2];
    if (n !== undefined && !firstArrivals.has(Number(n))) firstArrivals.set(Number(n), Date.now());
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve, reject) => {
    sink!.once('error', reject);
    sink!.listen(WEBHOOK_SINK_PORT, '127.0.0.1', resolve);
  });
  sink.unref();
}

/** A part of the load whose deliveries are measured apart: the saturation run, or the run at the fixed load. */
export type DeliveryPhase = 'saturation' | 'fixed-rate';

/** What the deliveries of one phase's accepted requests did. */
export type DeliveryPhaseResult = {
  /** Requests answered 202 in the phase. */
  accepted: number;
  /** Of those, how many had a delivery attempt reach the sink before the watch ended. */
  delivered: number;
  /** 202s per second over the phase. */
  acceptedPerSecond: number;
  /** First attempts reaching the sink per second over the same span of time (any request's). */
  deliveredPerSecond: number;
  /** From the 202 reaching the load generator to the first attempt reaching the sink (nearest rank). */
  firstAttemptMs: { p50: number; p99: number; max: number };
  /** After the phase ended, how long until every request accepted so far had had its first attempt. */
  drainedMs: number;
};

export type DeliveryResult = Partial<Record<DeliveryPhase, DeliveryPhaseResult>>;

/** Each phase's result, by round (one entry per run of the phase, in order). */
export type DeliveryRounds = Partial<Record<DeliveryPhase, DeliveryPhaseResult[]>>;

/** Waits until each of `tokens` has had a first attempt, or `waitMs` has passed. */
async function allArrived(tokens: number[], waitMs: number) {
  const deadline = Date.now() + waitMs;
  while (tokens.some((n) => !firstArrivals.has(n)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** One run of a phase: when it started and ended, and how long its deliveries took to drain after it. */
type Span = { phase: DeliveryPhase; start: number; end: number; drainedMs: number };

/**
 * Watches the deliveries of the 202s the load receives: `accepted` is called with each answered request's body
 * and status; `phase` marks the start and end of a measured run (requests outside one are not measured). A phase
 * run again (`--rounds`) is a round of its own. A request whose first attempt has not come when its run's drain
 * ends counts as accepted, not delivered.
 */
export function watchDeliveries(drainMs: number) {
  firstArrivals.clear();
  const accepted = new Map<number, { at: number; span: Span | undefined }>();
  const spans: Span[] = [];
  let current: Span | undefined;
  function summary(span: Span): DeliveryPhaseResult {
    const requests = [...accepted].filter(([, request]) => request.span === span);
    const waits = requests.flatMap(([n, request]) => (firstArrivals.has(n) ? [firstArrivals.get(n)! - request.at] : [])).sort((a, b) => a - b);
    const seconds = Math.max(span.end - span.start, 1) / 1000;
    const arrivedInSpan = [...firstArrivals.values()].filter((at) => at >= span.start && at <= span.end).length;
    return {
      accepted: requests.length,
      delivered: waits.length,
      acceptedPerSecond: Math.round(requests.length / seconds),
      deliveredPerSecond: Math.round(arrivedInSpan / seconds),
      firstAttemptMs: { p50: nearestRank(waits, 0.5), p99: nearestRank(waits, 0.99), max: waits.at(-1) ?? 0 },
      drainedMs: span.drainedMs,
    };
  }
  return {
    accepted(body: string, status: number) {
      const n = TOKEN.exec(body)?.[2];
      if (status === 202 && n !== undefined) accepted.set(Number(n), { at: Date.now(), span: current });
    },
    /**
     * Marks the start of a phase, or the end of the current one (undefined): then waits, up to `drainMs`, until
     * every request accepted so far has had its first attempt, so that a backlog left by one run (a saturation
     * run's, above all) does not slow the next or weigh on the baseline's.
     */
    async phase(phase: DeliveryPhase | undefined) {
      const now = Date.now();
      const ended = current;
      if (ended) ended.end = now;
      current = phase && { phase, start: now, end: now, drainedMs: 0 };
      if (current) spans.push(current);
      if (ended) {
        await allArrived([...accepted.keys()], drainMs);
        ended.drainedMs = Date.now() - now;
      }
    },
    /** Sums up each run of each phase, by round. */
    result(): DeliveryRounds {
      const rounds: DeliveryRounds = {};
      for (const span of spans) (rounds[span.phase] ??= []).push(summary(span));
      return rounds;
    },
  };
}

/** The result of the round chosen for each phase (the median round of its Kith / floor ratio). */
export function deliveriesOfRounds(rounds: DeliveryRounds, chosen: Record<DeliveryPhase, number>): DeliveryResult {
  const result: DeliveryResult = {};
  for (const [phase, results] of Object.entries(rounds) as [DeliveryPhase, DeliveryPhaseResult[]][]) {
    const picked = results[chosen[phase]];
    if (picked) result[phase] = picked;
  }
  return result;
}

export type DeliveryWatch = ReturnType<typeof watchDeliveries>;
