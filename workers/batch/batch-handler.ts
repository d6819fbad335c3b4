import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { OperationName } from '../../schemas/events/operation-payloads.ts';
import type { OperationReply, OperationRequestedOf, RequestEnvelope } from '../../schemas/events/operation-requested.ts';
import type { BatchPayload } from '../../schemas/events/payloads.ts';
import type { BatchItemAnswer } from '../../schemas/v3/batch.ts';

/** Runs `work` on every item with at most `limit` at once; the results in the items' order. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * A batch operation (schemas/v3/batch.ts): each valid item answered by the single operation's handler, up to
 * `concurrency` of them at once, each refused item with the answer the ingress gave it; in request order,
 * with each item's metadata. A handler's failure fails the batch, as it fails the single call.
 */
export function batchHandler<Single extends OperationName>(
  single: { operation: Single; handler: OperationHandler<Single> },
  options: { concurrency: number },
): (request: RequestEnvelope & { body: BatchPayload<OperationRequestedOf<Single>['body']> }) => Promise<OperationReply> {
  return async (request) => {
    const answers = await mapWithLimit(request.body.items, options.concurrency, async (item): Promise<BatchItemAnswer> => {
      const echo = item.metadata ? { metadata: item.metadata } : {};
      if ('refused' in item) return { status: item.refused.status, ...echo, data: item.refused.body };
      // The item's body is the single operation's payload (the batch's schema says so); TypeScript does not
      // carry that through the generic `Single`.
      const reply = await single.handler({ ...request, operation: single.operation, body: item.body } as OperationRequestedOf<Single>);
      return { status: reply.status, ...echo, data: reply.body };
    });
    return { status: 200, body: answers };
  };
}
