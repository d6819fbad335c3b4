import { z } from 'zod';
import { V2_PERSON_KEYS } from '../v2/person-keys.ts';

/**
 * A v3 request as the ingress hands it on: authenticated, validated, identifiers normalised.
 * Workers answer it with an OperationReply.
 */
export const OperationRequested = z.object({
  eventId: z.uuid(),
  requestId: z.string(),
  accountId: z.uuid(),
  operation: z.string(),
  body: z.unknown(),
  query: z.record(z.string(), z.string()),
  receivedAt: z.iso.datetime(),
  /**
   * Set for changes that must apply in order (schemas/v3 `orderedBy`): the bus key (so they share a partition)
   * and the key under which the worker handles them one after another.
   */
  orderKey: z.string().optional(),
  /** Set for operations that create something (schemas/v3 `creates`): its id, recorded by the ingress. */
  createdId: z.uuid().optional(),
  /**
   * Set for operations that answer 202 "queued, retry" past the deadline: the worker keeps its reply under
   * this key, so that the caller's retry gets it without the work being done (or counted) twice.
   */
  resultKey: z.string().optional(),
  /**
   * Set when the caller gave a `webhookUrl`: the worker's answer is delivered there (as `deliveryId`, the
   * webhook-id) instead of being replied.
   */
  webhook: z
    .object({
      url: z.url(),
      deliveryId: z.string(),
      /** The answer delivered in another structure than the operation's: a v2 call's (schemas/v2). */
      dress: z.enum(['v2.person']).optional(),
      /** Which lookup keys the v2 call gave (their names only: v2's likelihood depends on them). */
      lookupKeys: z.array(z.enum(V2_PERSON_KEYS)).optional(),
    })
    .optional(),
});
export type OperationRequested = z.infer<typeof OperationRequested>;
export type WebhookDress = NonNullable<NonNullable<OperationRequested['webhook']>['dress']>;

/** What a worker answers: the HTTP status and JSON body the caller will get. */
export const OperationReply = z.object({
  status: z.number().int(),
  body: z.unknown(),
});
export type OperationReply = z.infer<typeof OperationReply>;
