import { Hono } from 'hono';
import type { MetricsExposition } from '../../adapters/metrics/port.ts';
import type { ApiEnv } from '../env.ts';

/**
 * GET /metrics: Prometheus's text exposition format. No API key, no rate limit, not usage: it is the
 * operator's, to be kept off the public network (a port of its own with KITH_METRICS_PORT, or a network policy).
 */
export function metricsRoutes(options: { exposition: MetricsExposition }) {
  const app = new Hono<ApiEnv>();
  app.get('/metrics', async (c) => c.body(await options.exposition.render(), 200, { 'Content-Type': options.exposition.contentType }));
  return app;
}
