import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress, type TrustedProxies } from '../../domain/client-address.ts';
import type { ApiEnv } from '../env.ts';

/** The connection's peer, on the Node server; undefined elsewhere (`app.request()` in tests). */
const peerOf = (c: Context<ApiEnv>) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;

/**
 * Names the address each request came from (domain/client-address.ts: the peer, or behind a trusted proxy the
 * client it forwarded for), in its context for the admin token's throttle and on its logger: the access line and
 * every other line logged for the request show the same address. Runs after requestId, which makes the logger.
 */
export function requestClient(options: { trustedProxies: TrustedProxies }): MiddlewareHandler<ApiEnv> {
  return async function requestClientMiddleware(c, next) {
    const client = clientAddress(peerOf(c), c.req.header('x-forwarded-for'), options.trustedProxies);
    c.set('client', client);
    c.get('log').setBindings({ client });
    await next();
  };
}
