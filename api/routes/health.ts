import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process answers. /readyz: its dependencies answer too. */
export function healthRoutes(options: { ready: ReadinessCheck }) {
  const app = new Hono<ApiEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await options.ready();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 503, message: 'Not ready: a dependency does not answer' }, 503);
    }
  });
  return app;
}
