import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Clock } from '../../adapters/clock.ts';
import type { Dispatcher } from '../../adapters/dispatch/port.ts';
import type { RequestEvent } from '../../schemas/events/operation-requested.ts';
import { v3Operations } from '../../domain/operations.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import type { AnsweredReply, queuedResults } from '../queued-results.ts';
import { requestFingerprint } from '../request-fingerprint.ts';
import { parseOrBadRequest } from '../validate.ts';
import { echoed } from '../../schemas/echoed.ts';
import { invalidField } from '../../schemas/validation.ts';
import { batchCalls, type BatchRequest } from '../../schemas/v3/batch.ts';
import { usageCalls } from '../../domain/usage-calls.ts';

export type V3RouteOptions = {
  dispatcher: Dispatcher;
  queued: ReturnType<typeof queuedResults>;
  clock: Clock;
  /** How long a synchronous call waits for its worker (below the official clients' 3 s timeout). */
  syncDeadlineMs: number;
  /** Runs before the operation, after authentication: body parsing, idempotency. */
  edge: MiddlewareHandler<ApiEnv>[];
  /** The operations served; the registry of schemas/v3 unless a test adds its own. */
  operations?: Readonly<Record<string, OperationSpec>>;
  /** Why a webhook URL is refused (not http(s), a private address...), or undefined when it may be tried. */
  refusedWebhookUrl(url: string): string | undefined;
  /** Records what an operation that `creates` makes, before its worker is asked to make it. */
  recordCreated?(operation: string, accountId: string, id: string, body: unknown): Promise<void>;
};

/** Requests with the same order key are published to one partition and handled one after another. */
const orderKey = (by: 'record' | 'account', accountId: string, body: unknown) =>
  by === 'record' ? `${accountId}/${(body as { recordId: string }).recordId}` : accountId;

/**
 * The query parameters workers read (identity.resolve's `tags`); the others stay at the ingress: v2 calls carry
 * their key and the person's email or phone there, which have no business on the bus.
 */
const WORKER_QUERY_PARAMETERS = new Set(['tags']);
const workerQuery = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(([name]) => WORKER_QUERY_PARAMETERS.has(name)));

const QUEUED_MESSAGE = 'Queued for search. Please retry your query within about 2 minutes.';

export type OperationAnswerOptions = Pick<
  V3RouteOptions,
  'dispatcher' | 'queued' | 'clock' | 'syncDeadlineMs' | 'refusedWebhookUrl' | 'recordCreated'
>;

/**
 * What the caller of an operation gets for a validated body: 202 at once with a webhook, else the worker's
 * reply, or 202 "queued, retry" (lookups) or 503 past the deadline. `noWait` hands a lookup on without
 * waiting for it, so that the first call is 202 and a later one gets the kept answer (v2's `queue=1`).
 * Shared by the v3 routes and the v2 ones, which dress the same operations.
 */
export async function operationAnswer(
  c: Context<ApiEnv>,
  operation: {
    name: string;
    spec: OperationSpec;
    body: unknown;
    noWait?: boolean;
    /** How the webhook answer is to be dressed, and the lookup keys the dress needs. */
    webhookDress?: Pick<NonNullable<RequestEvent['webhook']>, 'dress' | 'lookupKeys'>;
  },
  options: OperationAnswerOptions,
): Promise<AnsweredReply> {
  const { name, spec, body } = operation;
  const receivedAt = options.clock.now();
  const deadline = new Date(receivedAt.getTime() + (operation.noWait ? 0 : options.syncDeadlineMs));
  const createdId = spec.creates ? randomUUID() : undefined;
  const event = (extra: Pick<RequestEvent, 'resultKey' | 'webhook'> = {}): RequestEvent => ({
    eventId: randomUUID(),
    requestId: c.get('requestId'),
    accountId: c.get('accountId'),
    operation: name,
    body: spec.toWorker ? spec.toWorker(body as never) : body,
    query: workerQuery(c.req.query()),
    receivedAt: receivedAt.toISOString(),
    ...(spec.orderedBy && { orderKey: orderKey(spec.orderedBy, c.get('accountId'), body) }),
    ...(createdId && { createdId }),
    ...extra,
  });

  const webhookUrl = (spec.webhook || spec.keepsWebhookUrl) && (body as { webhookUrl?: unknown }).webhookUrl;
  if (typeof webhookUrl === 'string') {
    const refused = options.refusedWebhookUrl(webhookUrl);
    if (refused) throw new ApiError(400, `Invalid webhookUrl provided: '${webhookUrl}' (${refused})`);
  }
  /** The event to hand to the bus: the one handed over before under this Idempotency-Key, if any, or a new one. */
  const handOver = async (created: () => Promise<RequestEvent>) => {
    const request = c.get('handedOverBefore') ?? (await created());
    c.set('handedOver', request);
    return request;
  };

  if (typeof webhookUrl === 'string' && spec.webhook) {
    const request = await handOver(async () => {
      if (createdId) await options.recordCreated!(name, c.get('accountId'), createdId, body);
      return event({ webhook: { url: webhookUrl, deliveryId: `msg_${randomBytes(16).toString('hex')}`, ...operation.webhookDress } });
    });
    await options.dispatcher.enqueue(request);
    c.set('countedByWorker', true);
    const message = spec.webhookAccepted?.(webhookUrl) ?? `Queued for search. Your response will be sent to your webhook shortly at ${webhookUrl}`;
    return { status: 202, body: { status: 202, message, requestId: request.createdId ?? request.requestId } };
  }

  if (spec.onDeadline === 'queue') {
    const outcome = await options.queued.lookup({
      accountId: c.get('accountId'),
      fingerprint: requestFingerprint(c, body),
      deadline,
      dispatch: (resultKey) =>
        operation.noWait
          ? options.dispatcher.enqueue(event({ resultKey })).then(() => undefined)
          : options.dispatcher.dispatch(event({ resultKey }), deadline),
    });
    if (outcome.kind === 'answered') return outcome.reply;
    return { status: 202, body: { status: 202, message: QUEUED_MESSAGE, requestId: c.get('requestId') } };
  }

  const reply = await options.dispatcher.dispatch(await handOver(async () => event()), deadline);
  if (reply) return reply;
  throw new ApiError(503, `${name} did not complete in time; please retry`, { 'Retry-After': '1' });
}

function operationRoute(name: string, spec: OperationSpec, options: V3RouteOptions) {
  return async function operation(c: Context<ApiEnv>) {
    const body = parseOrBadRequest(spec.request, c.get('body'));
    const issue = spec.checkAt?.(body as never, options.clock.now());
    if (issue) throw new ApiError(400, invalidField(issue.path, issue.message));
    // A batch counts a call per request: the rate limit counted the first as it counted this request.
    const calls = spec.batchOf ? batchCalls(body as BatchRequest) : 1;
    if (calls > 1) await c.get('chargeCalls')?.(calls - 1);
    const reply = await operationAnswer(c, { name, spec, body }, options);
    if (spec.batchOf) c.set('usageCalls', usageCalls(name, reply));
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
