import { setTimeout as delay } from 'node:timers/promises';
import type { Bus, ConsumedMessage, Consumer } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { HandlersFor } from '../../adapters/dispatch/port.ts';
import { RetryableError } from '../../adapters/errors.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { ReplySender } from '../../adapters/replies/port.ts';
import { withRetries } from '../../adapters/retry.ts';
import {
  decodeRequest,
  type AnyRequestOf,
  type OperationReply,
  type PayloadSchemas,
  type RequestEnvelope,
} from '../../schemas/events/operation-requested.ts';
import { usageCalls, usageEventsOf } from '../../domain/usage-calls.ts';
import { usageEventId } from '../../domain/usage-event-id.ts';
import { webhookDeliveryOf } from '../../domain/webhooks/hand-off.ts';
import { CORRELATION_HEADER, REPLY_TO_HEADER, type TopicNames, type WorkerName } from '../../schemas/events/topics.ts';
import { keyQueue } from './key-queue.ts';

export type WorkerOptions<Payloads extends PayloadSchemas> = {
  name: WorkerName;
  topics: TopicNames;
  bus: Bus;
  replies: ReplySender;
  log: Logger;
  clock: Clock;
  /** The operations this worker takes and the schema of each one's payload: Kith's contract (OPERATION_PAYLOADS). */
  payloads: Payloads;
  handlers: HandlersFor<Payloads>;
  /** Requests of one partition handled at once (default 1: in order). */
  concurrency?: number;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

const FAILED: OperationReply = { status: 500, body: { status: 500, message: 'Internal server error' } };
const UNAVAILABLE: OperationReply = {
  status: 503,
  body: { status: 503, message: 'Service temporarily unavailable; please retry' },
};


/**
 * The shared loop around a worker's handlers: decode the event, run the handler with short retries for
 * blips, send the reply to the ingress that waits for it, and dead-letter what cannot be handled.
 * Handlers stay plain functions from event to reply.
 */
export async function startWorker<Payloads extends PayloadSchemas>(options: WorkerOptions<Payloads>): Promise<Consumer> {
  const log = options.log.child({ worker: options.name });
  const sleep = options.sleep ?? delay;
  await options.bus.ensureTopics([{ name: options.topics.deadLetter, partitions: 1 }]);

  async function deadLetter(message: ConsumedMessage, reason: string) {
    await options.bus.publish(options.topics.deadLetter, [
      {
        key: message.key,
        value: JSON.stringify({ topic: message.topic, partition: message.partition, offset: message.offset, reason, event: message.value }),
      },
    ]);
  }

  async function reply(message: ConsumedMessage, answer: OperationReply) {
    const address = message.headers[REPLY_TO_HEADER];
    const correlationId = message.headers[CORRELATION_HEADER];
    if (!address || !correlationId) return;
    await options.replies.send(address, correlationId, answer).catch((error: unknown) => {
      log.warn({ err: error, correlationId }, 'reply could not be sent; the caller will time out');
    });
  }

  /**
   * Hands the answer to the delivery worker: the webhook body is what the synchronous call would have
   * answered, a 404 included. Published before the request's offset is committed, so it cannot be lost.
   * The request's usage is recorded here, with its outcome, as the ingress only knew it was queued.
   */
  async function deliver(request: AnyRequestOf<Payloads>, webhook: NonNullable<RequestEnvelope['webhook']>, result: OperationReply) {
    const at = options.clock.now().toISOString();
    const usage = usageEventsOf(request.accountId, usageCalls(request.operation, result), at, (index) => usageEventId(request.eventId, index));
    const delivery = webhookDeliveryOf({ ...request, webhook }, result, at);
    await Promise.all([
      options.bus.publish(options.topics.deliveries, [{ key: request.accountId, value: JSON.stringify(delivery) }]),
      options.bus.publish(options.topics.usage, usage.map((event) => ({ key: request.accountId, value: JSON.stringify(event) }))),
    ]);
  }

  async function answer(request: AnyRequestOf<Payloads>, message: ConsumedMessage): Promise<OperationReply> {
    // The handlers' type pairs each operation with its handler; TypeScript cannot follow that pairing through a
    // lookup by the request's operation, so the handler found is called with the request it was found for.
    const handler = options.handlers[request.operation] as ((request: AnyRequestOf<Payloads>) => Promise<OperationReply>) | undefined;
    if (!handler) {
      await deadLetter(message, `no handler for ${request.operation}`);
      return FAILED;
    }
    try {
      return await withRetries(() => handler(request), {
        delaysMs: options.retryDelaysMs ?? [50, 250, 1000],
        shouldRetry: (error) => error instanceof RetryableError,
        sleep,
      });
    } catch (error) {
      log.error({ err: error, eventId: request.eventId, operation: request.operation }, 'handler failed');
      if (error instanceof RetryableError) return UNAVAILABLE;
      await deadLetter(message, error instanceof Error ? error.message : String(error));
      return FAILED;
    }
  }

  const inOrder = keyQueue();
  return options.bus.consume({
    groupId: options.topics.workerGroup(options.name),
    topics: [options.topics.requests(options.name)],
    concurrency: options.concurrency,
    fromBeginning: true,
    async handle(message) {
      const decoded = decodeRequest(message.value, options.payloads);
      if ('problem' in decoded) {
        log.warn({ topic: message.topic, offset: message.offset, problem: decoded.problem }, 'malformed event dead-lettered');
        await deadLetter(message, `malformed event: ${decoded.problem}`);
        return;
      }
      const { request } = decoded;
      // Changes that must apply in order share a key: queued here before anything is awaited, so in the
      // order the bus hands them over, while requests without a key run as they come.
      const handled = async () => {
        const result = await answer(request, message);
        if (request.webhook) return deliver(request, request.webhook, result);
        await reply(message, result);
      };
      return request.orderKey ? inOrder(request.orderKey, handled) : handled();
    },
  });
}
