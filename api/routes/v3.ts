import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Clock } from '../../adapters/clock.ts';
import type { Dispatcher } from '../../adapters/dispatch/port.ts';
import { isV3Operation, v3Operations, type OperationSpec } from '../../schemas/v3/operations.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { parseOrBadRequest } from '../validate.ts';

export type V3RouteOptions = {
  dispatcher: Dispatcher;
  clock: Clock;
  /** How long a synchronous call waits for its worker (below the official clients' 3 s timeout). */
  syncDeadlineMs: number;
  /** Runs before the operation, after authentication: body parsing, idempotency. */
  edge: MiddlewareHandler<ApiEnv>[];
};

function operationRoute(name: string, spec: OperationSpec, options: V3RouteOptions) {
  return async function operation(c: Context<ApiEnv>) {
    const receivedAt = options.clock.now();
    const reply = await options.dispatcher.dispatch(
      {
        eventId: randomUUID(),
        requestId: c.get('requestId'),
        accountId: c.get('accountId'),
        operation: name,
        body: parseOrBadRequest(spec.request, c.get('body')),
        query: c.req.query(),
        receivedAt: receivedAt.toISOString(),
      },
      new Date(receivedAt.getTime() + options.syncDeadlineMs),
    );
    if (reply) return c.json(reply.body as object, reply.status as ContentfulStatusCode);
    if (spec.onDeadline === 'queue') {
      const message = 'Queued for search. Please retry your query within about 2 minutes.';
      return c.json({ status: 202, message, requestId: c.get('requestId') }, 202);
    }
    throw new ApiError(503, `${name} did not complete in time; please retry`, { 'Retry-After': '1' });
  };
}

/** POST /v3/<resource>.<verb> for every operation of the registry; 405 for other methods, 404 for the rest. */
export function v3Routes(options: V3RouteOptions) {
  const app = new Hono<ApiEnv>();
  for (const [name, spec] of Object.entries(v3Operations)) {
    app.post(`/${name}`, every(...options.edge), operationRoute(name, spec, options));
  }
  app.all('/:operation', (c) => {
    const operation = c.req.param('operation');
    if (!isV3Operation(operation)) throw new ApiError(404, `Unknown operation: ${operation}`);
    throw new ApiError(405, `${operation} accepts only POST`, { Allow: 'POST' });
  });
  return app;
}
