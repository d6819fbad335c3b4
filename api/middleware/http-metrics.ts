import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { HttpMetrics } from '../../adapters/metrics/port.ts';
import type { ApiEnv } from '../env.ts';

const UNKNOWN = 'unknown';
const V3_OPERATION = /^\/v3\/([a-zA-Z]+\.[a-zA-Z]+)$/;

/**
 * The operation label of a request, from the route patterns it matched (in registration order): the first
 * route that is not a middleware (a pattern without `*`) serves it. A v3 operation is named as the API names
 * it (`person.enrich`), any other route by its pattern (`v2/person.json`, `admin/accounts/:id`, `metrics`),
 * never by the raw path: the label's values are as many as the routes. Unknown paths and operations, and
 * v3's catch-all answering 404 or 405, are all `unknown`.
 */
export function operationLabel(routePaths: readonly string[]): string {
  const served = routePaths.find((path) => !path.includes('*'));
  if (served === undefined || served.includes('/:operation')) return UNKNOWN;
  return V3_OPERATION.exec(served)?.[1] ?? (served.replace(/^\//, '') || UNKNOWN);
}

/** Counts and times every request by operation and status; first in the chain, so its time is the whole answer's. */
export function httpMetrics(options: { metrics: HttpMetrics }): MiddlewareHandler<ApiEnv> {
  return async function httpMetricsMiddleware(c, next) {
    const startedAt = performance.now();
    await next();
    options.metrics.served({
      operation: operationLabel(matchedRoutes(c).map((route) => route.path)),
      status: c.res.status,
      seconds: (performance.now() - startedAt) / 1000,
    });
  };
}
