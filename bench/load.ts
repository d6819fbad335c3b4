import autocannon from 'autocannon';
import { LoadRecord, toHundredths, type LatencySummary, type Tallied } from './load-record.ts';

export type { LatencySummary } from './load-record.ts';

export type HttpRequest = {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  /** The body of every request, or the first of `nextBody`'s when that is given. */
  body: string;
  /** The body of the next request sent, when requests are to differ: one rotation shared by every connection and run. */
  nextBody?: () => string;
  /** Told of every answer: the body the request sent, and the status. */
  onAnswer?: (body: string, status: number) => void;
};

/** Each call gives the next of `bodies`, starting again from the first after the last. */
export function rotation(bodies: string[]): () => string {
  let next = 0;
  return () => bodies[next++ % bodies.length]!;
}

/** What a load run is aimed at: one or more base URLs (ingress replicas) all serving the same request. */
export type LoadTarget = { urls: string[]; request: HttpRequest };

export type Measurement = {
  kind: 'saturation' | 'fixed-rate';
  connections: number;
  durationS: number;
  /** Requests per second asked of the server; null for a saturation run (as many as it answers). */
  offeredRate: number | null;
  /** Responses received, any status. */
  responses: number;
  /** 2xx responses. */
  ok: number;
  /** 2xx responses per second of the run. */
  rps: number;
  latencyMs: LatencySummary;
  errors: { connection: number; timeouts: number; non2xx: number; statuses: Record<string, number> };
  /** The seconds of the same load before measuring began, on the same connections: not in the figures above. */
  warmup?: {
    durationS: number;
    responses: number;
    latencyMs: LatencySummary;
    /** Absent from the first runs that had a warm-up (2026-11-27, morning). */
    errors?: Measurement['errors'];
  };
};

type RunOptions = { connections: number; durationS: number; overallRate?: number };

/**
 * One autocannon instance. With several URLs autocannon deals the connections out over them in turn
 * (connection i goes to url[i % n]), so two ingress replicas get half the connections each. Its typings
 * declare `url` a string; the library takes an array too.
 */
function runAutocannon(target: LoadTarget, options: RunOptions, record: LoadRecord): Promise<autocannon.Result> {
  const { nextBody, onAnswer } = target.request;
  // autocannon keeps a context per connection, and a connection has one request in flight.
  const perRequest = {
    setupRequest: (request: autocannon.Request, context: { body?: string }) => {
      if (!nextBody) return request;
      context.body = nextBody();
      return { ...request, body: context.body };
    },
    onResponse: (status: number, _body: string, context: { body?: string }) => onAnswer?.(context.body ?? target.request.body, status),
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: (target.urls.length === 1 ? target.urls[0]! : target.urls) as string,
        method: target.request.method,
        headers: target.request.headers,
        body: target.request.body,
        ...((nextBody || onAnswer) && { requests: [perRequest] }),
        connections: options.connections,
        duration: options.durationS,
        overallRate: options.overallRate,
        // Our own latency record is taken from the response events; autocannon's correction for a fixed
        // rate assumes one request per connection interval, which does not hold here.
        ignoreCoordinatedOmission: options.overallRate !== undefined,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => record.response(status, responseTime));
    // autocannon reports a timeout as a request error of its own making, with this message.
    instance.on('reqError', (error: Error) => record.failure(error.message === 'request timed out'));
  });
}

const okCount = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);

const errorsOf = (tallied: Tallied): Measurement['errors'] => ({
  connection: tallied.connectionErrors,
  timeouts: tallied.timeouts,
  non2xx: tallied.responses - okCount(tallied.statuses),
  statuses: tallied.statuses,
});

function measurement(kind: Measurement['kind'], run: Pick<RunOptions, 'connections' | 'overallRate'>, record: LoadRecord): Measurement {
  const { measured, warmup } = record.finish(performance.now());
  const ok = okCount(measured.statuses);
  return {
    kind,
    connections: run.connections,
    durationS: toHundredths(measured.durationS),
    offeredRate: run.overallRate ?? null,
    responses: measured.responses,
    ok,
    rps: measured.durationS > 0 ? Math.round(ok / measured.durationS) : 0,
    latencyMs: measured.latencyMs,
    errors: errorsOf(measured),
    ...(warmup.durationS > 0 && {
      warmup: { durationS: toHundredths(warmup.durationS), responses: warmup.responses, latencyMs: warmup.latencyMs, errors: errorsOf(warmup) },
    }),
  };
}

/** Closed loop: `connections` connections each send the next request as soon as the last is answered. */
export async function saturate(target: LoadTarget, options: { connections: number; durationS: number }): Promise<Measurement> {
  const record = new LoadRecord(performance.now(), false);
  await runAutocannon(target, options, record);
  return measurement('saturation', options, record);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fixed offered load of `rate` requests per second, with autocannon's `overallRate`, measured for `durationS`
 * after `warmupS` of the same load on the same connections (`onMeasuring` is told when measuring starts).
 *
 * autocannon paces by a budget per connection per second: each connection sends back to back until its
 * share of the second is spent, then waits for the next second, and every connection's second starts at
 * the same moment. One instance would thus send the whole second's load in a burst at full concurrency and
 * then idle, and measure latency under saturation. So the load is dealt out over `phases` instances, each
 * with 1/phases of the rate and of the connections, started 1/phases of a second apart: small bursts at
 * low concurrency spread over the second. The load is still not open-loop (a request waits for the one
 * before it on its connection), which is noted in the README.
 */
export async function fixedRate(
  target: LoadTarget,
  options: { connections: number; durationS: number; rate: number; phases: number; warmupS?: number; onMeasuring?: () => void },
): Promise<Measurement> {
  const warmupS = options.warmupS ?? 0;
  const phases = Math.max(1, Math.min(options.phases, Math.floor(options.rate)));
  const perPhaseConnections = Math.max(target.urls.length, Math.round(options.connections / phases / target.urls.length) * target.urls.length);
  const record = new LoadRecord(performance.now(), warmupS > 0);
  const measuring = setTimeout(() => {
    record.startMeasuring(performance.now());
    options.onMeasuring?.();
  }, warmupS * 1000);
  // Every part runs for warmupS + durationS from its own start, the last starting (phases - 1) / phases s after the
  // first. After a warm-up (longer than that), the window measured is the durationS in which every part sends;
  // without one, every answer of the run is (the per-request counts divide the servers' work by all of them).
  const ending = warmupS > 0 ? setTimeout(() => record.stopMeasuring(performance.now()), (warmupS + options.durationS) * 1000) : undefined;
  const runs: Promise<autocannon.Result>[] = [];
  for (let i = 0; i < phases; i++) {
    const total = Math.round(options.rate);
    const rate = Math.floor(total / phases) + (i < total % phases ? 1 : 0);
    runs.push(runAutocannon(target, { connections: perPhaseConnections, durationS: warmupS + options.durationS, overallRate: rate }, record));
    if (i < phases - 1) await sleep(1000 / phases);
  }
  await Promise.all(runs).finally(() => {
    clearTimeout(measuring);
    clearTimeout(ending);
  });
  return measurement('fixed-rate', { connections: perPhaseConnections * phases, overallRate: options.rate }, record);
}
