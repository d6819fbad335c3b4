import { z } from 'zod';

/**
 * A webhook to deliver: the body is the answer the operation would have given synchronously. The id is the
 * `webhook-id` of every attempt, so a receiver can drop duplicates.
 */
export const DeliveryRequested = z.object({
  deliveryId: z.string().regex(/^msg_[A-Za-z0-9]{10,64}$/),
  accountId: z.uuid(),
  requestId: z.string(),
  operation: z.string(),
  url: z.url(),
  /** The JSON body, as sent. */
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type DeliveryRequested = z.infer<typeof DeliveryRequested>;
