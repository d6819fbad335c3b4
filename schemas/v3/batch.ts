import { z } from 'zod';
import type { BatchPayload } from '../events/payloads.ts';
import { validate } from '../validation.ts';
import { webhookUrl } from './webhook-url.ts';

/** The most requests one batch may hold (People Data Labs' bulk limit, the best peer's). */
export const MAX_BATCH_REQUESTS = 100;

const metadata = z.record(z.string(), z.unknown()).describe("The caller's own object, echoed back with the item's answer");

/** What the single operation needs to take part in a batch: how it validates a body, and what its worker is sent. */
export type SingleOperation<Payload> = { request: z.ZodType; toWorker: (body: never) => Payload };

/** One item as the worker gets it: the single operation's worker body, or the answer its invalid request gets. */
type BatchItem<Payload> = BatchPayload<Payload>['items'][number];

/** One item of the answer: the status and body the single call would have answered, and the item's metadata. */
export const BatchItemAnswer = z.object({
  status: z.number().int().describe('The status the single call would have answered: 200, 404, 400, 422…'),
  metadata: metadata.optional(),
  data: z.unknown().describe("The single call's body: the person or company, or the error"),
});
export type BatchItemAnswer = z.infer<typeof BatchItemAnswer>;

/** The request of a batch operation: `requests`, each an ordinary body of `single` plus optional `metadata`. */
export function batchRequest(singleName: string, id: string) {
  return z
    .object({
      requests: z
        .array(z.looseObject({ metadata: metadata.nullish() }).describe(`A ${singleName} body, plus optional metadata`))
        .min(1)
        .max(MAX_BATCH_REQUESTS)
        .describe(`1 to ${MAX_BATCH_REQUESTS} ${singleName} requests, answered in this order`),
      webhookUrl: webhookUrl.describe('Answer 202 at once and POST the whole batch’s answer to this URL'),
    })
    .meta({ id });
}
export type BatchRequest = z.infer<ReturnType<typeof batchRequest>>;

export const batchResponse = (id: string) => z.array(BatchItemAnswer).meta({ id });

const refused = (status: number, message: string): BatchItem<never> => ({
  refused: { status, body: { status, message } },
});

/**
 * Checks each request of a batch as the single operation checks its body, at the ingress: a valid one goes to
 * the worker as the single operation would send it (keys, not clear identifiers), an invalid one carries the
 * 400 (or 422) the single call would answer, so that it fails alone. A webhook is the batch's, not an item's.
 */
export function batchToWorker<Payload>(single: SingleOperation<Payload>) {
  return (batch: BatchRequest): BatchPayload<Payload> => ({
    items: batch.requests.map(({ metadata: given, ...request }) => {
      const echo = given ? { metadata: given } : {};
      const checked = validate(single.request, request);
      if (!checked.ok) return { ...echo, ...refused(checked.status, checked.message) };
      if ((checked.data as { webhookUrl?: unknown }).webhookUrl) {
        return { ...echo, ...refused(400, 'Invalid request: webhookUrl: give it for the whole batch, not for one of its requests') };
      }
      return { ...echo, body: single.toWorker(checked.data as never) };
    }),
  });
}

/** How many calls a batch counts as, for the rate limit and usage: one per request. */
export const batchCalls = (batch: BatchRequest) => batch.requests.length;

/**
 * How many calls a batch's body would count, before it is validated: the requests it lists, whatever they are;
 * undefined when it lists none. The rate limit measures a batch against the whole window with it when the window is
 * spent, and refuses it before its body is validated.
 */
export function listedCalls(body: unknown): number | undefined {
  const requests = (body as { requests?: unknown } | null | undefined)?.requests;
  return Array.isArray(requests) ? requests.length : undefined;
}
