import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { v3Operations } from '../../domain/operations.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import { echoed } from '../../schemas/echoed.ts';
import { invalidField } from '../../schemas/validation.ts';
import { batchCalls, type BatchRequest } from '../../schemas/v3/batch.ts';
import { operationAnswer, type OperationAnswerOptions } from '../answering/operation-answer.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { parseOrBadRequest } from '../validate.ts';

export type V3RouteOptions = OperationAnswerOptions & {
  /** Runs before the operation, after authentication and the answering middleware: body parsing. */
  edge: MiddlewareHandler<ApiEnv>[];
  /** The operations served; the registry of schemas/v3 unless a test adds its own. */
  operations?: Readonly<Record<string, OperationSpec>>;
};

/**
 * One operation: a replay of the answer kept under its Idempotency-Key, or its body validated, its batch's calls
 * charged, and its answer sent.
 */
function operationRoute(name: string, spec: OperationSpec, options: V3RouteOptions) {
  return async function operation(c: Context<ApiEnv>) {
    const replay = await c.get('exchange').claimIdempotencyKey();
    if (replay) return replay;
    const body = parseOrBadRequest(spec.request, c.get('body'));
    const issue = spec.checkAt?.(body as never, options.clock.now());
    if (issue) throw new ApiError(400, invalidField(issue.path, issue.message));
    // A batch counts a call per request: the rate limit counted the first as it counted this request.
    const calls = spec.batchOf ? batchCalls(body as BatchRequest) : 1;
    if (calls > 1) await c.get('chargeCalls')?.(calls - 1);
    const reply = await operationAnswer(c, { name, spec, body }, options);
    if (reply.status === 204) return c.body(null, 204);
    const status = reply.status as ContentfulStatusCode;
    if (reply.json !== undefined) return c.body(reply.json, status, { 'Content-Type': 'application/json' });
    return c.json(reply.body as object, status);
  };
}

/** POST /v3/<resource>.<verb> for every operation of the registry; 405 for other methods, 404 for the rest. */
export function v3Routes(options: V3RouteOptions) {
  const operations = options.operations ?? v3Operations;
  const app = new Hono<ApiEnv>();
  for (const [name, spec] of Object.entries(operations)) {
    app.post(`/${name}`, every(...options.edge), operationRoute(name, spec, options));
  }
  app.all('/:operation', (c) => {
    const operation = c.req.param('operation');
    if (!Object.hasOwn(operations, operation)) throw new ApiError(404, `Unknown operation: ${echoed(operation)}`);
    throw new ApiError(405, `${operation} accepts only POST`, { Allow: 'POST' });
  });
  return app;
}
