import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { v3Operations } from '../../domain/operations.ts';

type Validator = { safeParse(value: unknown): { success: boolean } };

/**
 * A bare Hono route on @hono/node-server for one v3 operation: it reads the JSON body, validates it with the same
 * zod schema as Kith, and answers what `answer` makes of it; no auth, no rate limit, no logging. The baseline
 * answers at once; the floors (./distributed-ingress.ts, ./embedded.ts) answer after the architecture's own work.
 * Prints `{"msg":"<name> listening","port":N}` once listening, and stops on SIGTERM or SIGINT.
 */
export function serveOperation(name: string, operation: string, answer: (body: unknown) => Promise<object>, onStop: () => Promise<void> = async () => {}) {
  const spec = (v3Operations as Record<string, { request: Validator }>)[operation];
  if (!spec) {
    process.stderr.write(`${name}: no v3 operation named ${operation}\n`);
    process.exit(2);
  }
  const app = new Hono();
  app.post(`/v3/${operation}`, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ status: 400, message: 'Unable to process JSON' }, 400);
    }
    if (!spec.request.safeParse(body).success) return c.json({ status: 400, message: 'Invalid request' }, 400);
    return c.json(await answer(body));
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
    const port = (server.address() as AddressInfo).port;
    process.stdout.write(`${JSON.stringify({ msg: `${name} listening`, port })}\n`);
  });
  const stop = () => {
    server.close(() => void onStop().finally(() => process.exit(0)));
    if ('closeAllConnections' in server) server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
