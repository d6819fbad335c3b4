import { serveOperation } from './floor/route.ts';

/**
 * The baseline: a bare Hono route on @hono/node-server that reads the same JSON body and validates it with
 * the same zod schema as the Kith operation, and nothing else (no auth, no rate limit, no bus, no logging).
 * Runs as its own process, so it shares no event loop with the load generator or with Kith.
 *
 * Usage: node --import tsx bench/baseline-server.ts <operation>   (prints {"msg":"baseline listening","port":N})
 */
serveOperation('baseline', process.argv[2] ?? '', async () => ({ ok: true }));
