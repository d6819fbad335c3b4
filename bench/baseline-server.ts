import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { v3Operations } from '../domain/operations.ts';

/**
 * The baseline: a bare Hono route on @hono/node-server that reads the same JSON body and validates it with
 * the same zod schema as the Kith operation, and nothing else (no auth, no rate limit, no bus, no logging).
 * Runs as its own process, so it shares no event loop with the load generator or with Kith.
 *
 * Usage: node --import tsx bench/baseline-server.ts <operation>   (prints {"msg":"baseline listening","port":N})
 */
const operation = process.argv[2] ?? '';
const spec = (v3Operations as Record<string, { request: { safeParse(value: unknown): { success: boolean } } }>)[operation];
if (!spec) {
  process.stderr.write(`baseline: no v3 operation named ${operation}\n`);
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
  return c.json({ ok: true });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  const port = (server.address() as AddressInfo).port;
  process.stdout.write(`${JSON.stringify({ msg: 'baseline listening', port })}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
