import autocannon from 'autocannon';

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

export type LatencySummary = { p50: number; p90: number; p99: number; max: number; mean: number };

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
};

type RunOptions = { connections: number; durationS: number; overallRate?: number };

/** The exact `q` quantile (0 to 1) of values sorted ascending, by nearest rank; 0 when there are none. */
export const nearestRank = (sorted: ArrayLike<number>, q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Exact percentiles (nearest rank) over every response's latency, so runs compare without histogram buckets. */
function summarize(latencies: Float64Array): LatencySummary {
  if (latencies.length === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = latencies.slice().sort();
  const at = (q: number) => nearestRank(sorted, q);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  return { p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1]!), mean: round(mean) };
}

class Latencies {
  private values = new Float64Array(1 << 16);
  private length = 0;

  push(ms: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }

  summary(): LatencySummary {
    return summarize(this.values.subarray(0, this.length));
  }
}

/**
 * One autocannon instance. With several URLs autocannon deals the connections out over them in turn
 * (connection i goes to url[i % n]), so two ingress replicas get half the connections each. Its typings
 * declare `url` a string; the library takes an array too.
 */
function runAutocannon(target: LoadTarget, options: RunOptions, latencies: Latencies): Promise<autocannon.Result> {
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
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function statusCounts(results: autocannon.Result[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    for (const [status, { count }] of Object.entries(stats)) counts[status] = (counts[status] ?? 0) + Number(count);
  }
  return counts;
}

function measurement(kind: Measurement['kind'], options: RunOptions, results: autocannon.Result[], latencies: Latencies): Measurement {
  const statuses = statusCounts(results);
  const responses = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const ok = Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const durationS = Math.max(...results.map((result) => result.duration));
  return {
    kind,
    connections: options.connections,
    durationS: Math.round(durationS * 100) / 100,
    offeredRate: options.overallRate ?? null,
    responses,
    ok,
    rps: Math.round(ok / durationS),
    latencyMs: latencies.summary(),
    errors: {
      connection: results.reduce((sum, result) => sum + result.errors, 0),
      timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
      statuses,
    },
  };
}

/** Closed loop: `connections` connections each send the next request as soon as the last is answered. */
export async function saturate(target: LoadTarget, options: { connections: number; durationS: number }): Promise<Measurement> {
  const latencies = new Latencies();
  const result = await runAutocannon(target, options, latencies);
  return measurement('saturation', options, [result], latencies);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fixed offered load of `rate` requests per second, with autocannon's `overallRate`.
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
  options: { connections: number; durationS: number; rate: number; phases: number },
): Promise<Measurement> {
  const phases = Math.max(1, Math.min(options.phases, Math.floor(options.rate)));
  const perPhaseConnections = Math.max(target.urls.length, Math.round(options.connections / phases / target.urls.length) * target.urls.length);
  const latencies = new Latencies();
  const runs: Promise<autocannon.Result>[] = [];
  for (let i = 0; i < phases; i++) {
    const total = Math.round(options.rate);
    const rate = Math.floor(total / phases) + (i < total % phases ? 1 : 0);
    runs.push(runAutocannon(target, { connections: perPhaseConnections, durationS: options.durationS, overallRate: rate }, latencies));
    if (i < phases - 1) await sleep(1000 / phases);
  }
  const results = await Promise.all(runs);
  return measurement('fixed-rate', { connections: perPhaseConnections * phases, durationS: options.durationS, overallRate: options.rate }, results, latencies);
}
