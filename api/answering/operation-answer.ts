import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import type { AnsweredReply, RequestEvent } from '../../schemas/events/operation-requested.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

export type OperationAnswerOptions = {
  clock: Clock;
  /** How long a synchronous call waits for its worker (below the official clients' 3 s timeout). */
  syncDeadlineMs: number;
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

/**
 * A webhook's id, `msg_` and 32 hex digits, from a random UUID: node draws those from entropy it fetched ahead, where
 * `randomBytes` asks the system for every id (2.1 µs against 0.4 alone, 2.6% of an ingress taking webhooks).
 */
const newDeliveryId = () => `msg_${randomUUID().replaceAll('-', '')}`;

const QUEUED_MESSAGE = 'Queued for search. Please retry your query within about 2 minutes.';

/**
 * What the caller of an operation gets for a validated body: 503 at once when Kith cannot take it on now
 * (./exchange.ts, `admit`), 202 at once with a webhook, else the worker's
 * reply, or 202 "queued, retry" (lookups) or 503 past the deadline. `noWait` hands a lookup on without
 * waiting for it, so that the first call is 202 and a later one gets the kept answer (v2's `queue=1`).
 * Shared by the v3 routes and the v2 ones, which dress the same operations; the request's exchange
 * (./exchange.ts) hands the event over and keeps what it needs.
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
  const exchange = c.get('exchange');
  const receivedAt = options.clock.now();
  const deadline = new Date(receivedAt.getTime() + (operation.noWait ? 0 : options.syncDeadlineMs));
  const createdId = spec.creates ? randomUUID() : undefined;
  const event = (extra: Pick<RequestEvent, 'webhook'> = {}): RequestEvent => ({
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

  const toWebhook = typeof webhookUrl === 'string' && spec.webhook === true;
  exchange.admit(name, toWebhook);

  if (toWebhook) {
    const request = await exchange.enqueueForWebhook(async () => {
      if (createdId) await options.recordCreated!(name, c.get('accountId'), createdId, body);
      return event({ webhook: { url: webhookUrl, deliveryId: newDeliveryId(), ...operation.webhookDress } });
    });
    const message = spec.webhookAccepted?.(webhookUrl) ?? `Queued for search. Your response will be sent to your webhook shortly at ${webhookUrl}`;
    return { status: 202, body: { status: 202, message, requestId: request.createdId ?? request.requestId } };
  }

  if (spec.onDeadline === 'queue') {
    const outcome = await exchange.lookup({ event: () => event(), deadline });
    if (outcome.kind === 'answered') return outcome.reply;
    return { status: 202, body: { status: 202, message: QUEUED_MESSAGE, requestId: c.get('requestId') } };
  }

  const reply = await exchange.dispatch(() => event(), deadline);
  if (reply) return reply;
  throw new ApiError(503, `${name} did not complete in time; please retry`, { 'Retry-After': '1' });
}
