import { z } from 'zod';

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
});
export type OperationRequested = z.infer<typeof OperationRequested>;

/** What a worker answers: the HTTP status and JSON body the caller will get. */
export const OperationReply = z.object({
  status: z.number().int(),
  body: z.unknown(),
});
export type OperationReply = z.infer<typeof OperationReply>;
