import type { WorkerName } from '../../schemas/events/topics.ts';
import type { FieldIssue } from '../../schemas/validation.ts';
import type { z } from 'zod';

/** What the registry says of an operation: how the ingress takes it, what its worker is sent, what it answers. */
export type OperationSpec = {
  summary: string;
  /** The worker that handles it. */
  worker: WorkerName;
  /**
   * What the caller gets when the worker has not answered by the synchronous deadline: `queue` answers 202
   * "queued, retry" (lookups, as the interface does); the others 503 with Retry-After.
   */
  onDeadline?: 'queue';
  /**
   * Takes a `webhookUrl` in its body: then the caller gets 202 at once and the answer is delivered to the URL
   * by the delivery worker.
   */
  webhook?: true;
  /** The message of the 202 that accepts a webhook request, when the client contract gives the operation its own. */
  webhookAccepted?: (url: string) => string;
  /**
   * A change that must apply in order with the others of its kind: those of one record of the account
   * (`recordId` in the body), or of the whole account. Such requests carry that order key, and the worker
   * handles requests with the same key one after another; others run concurrently.
   */
  orderedBy?: 'record' | 'account';
  /** A lookup: usage counts its 200 answers as matches and its 404s as misses (other operations: ok). */
  lookup?: true;
  request: z.ZodType;
  response: z.ZodType;
  /**
   * Makes something its caller fetches later (an audience): the ingress records it under a fresh UUID, which
   * the 202 answers as `requestId` and the worker gets as `createdId`.
   */
  creates?: true;
  /** The status of a success when it is not 200: 202 (accepted, with `response`) or 204 (no body). */
  success?: 202 | 204;
  /** Statuses other than 200 that the operation answers on success (202 queued, 404 no match). */
  alsoAnswers?: readonly number[];
  /**
   * What the worker is sent instead of the validated body: lookups send their identifiers as keys (hashes),
   * so that clear emails and phones from requests do not travel on the bus.
   */
  toWorker?: (body: never) => unknown;
  /**
   * Keeps the body's `webhookUrl` to notify later (person.subscribe): the ingress refuses a URL as it refuses a
   * webhook's, and the call itself is answered synchronously.
   */
  keepsWebhookUrl?: true;
  /**
   * A batch of this other operation (./batch.ts): each of its requests counts as one call of that operation,
   * for the rate limit (all of them or the batch is refused) and for usage (with the outcome of its answer).
   */
  batchOf?: string;
  /**
   * What a schema cannot check: the valid body against the time it is received (a consent's `timestamp` near
   * now). The field and its problem, answered 400, or undefined.
   */
  checkAt?: (body: never, now: Date) => FieldIssue | undefined;
};
