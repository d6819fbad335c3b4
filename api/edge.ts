import { Hono } from 'hono';
import type { Logger } from '../adapters/logger.ts';
import type { HttpMetrics } from '../adapters/metrics/port.ts';
import type { TrustedProxies } from '../domain/client-address.ts';
import type { ApiEnv } from './env.ts';
import { onError, onNotFound } from './errors.ts';
import { httpMetrics } from './middleware/http-metrics.ts';
import { requestClient } from './middleware/request-client.ts';
import { requestId } from './middleware/request-id.ts';

export type EdgeDeps = {
  log: Logger;
  /** Counts and times every request by operation and status. */
  httpMetrics: HttpMetrics;
  /** The proxies whose X-Forwarded-For names a request's client (KITH_TRUSTED_PROXIES); none when not given. */
  trustedProxies?: TrustedProxies;
};

/**
 * What the app of every listener serving the API begins with, the public one and the admin one alike: the one error
 * handler, the request metrics, and each request's id, logger and client address, which its access line shows.
 */
export function edgeApp(deps: EdgeDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.notFound(onNotFound);
  app.use(
    '*',
    httpMetrics({ metrics: deps.httpMetrics }),
    requestId({ log: deps.log }),
    requestClient({ trustedProxies: deps.trustedProxies ?? [] }),
  );
  return app;
}
