import { z } from 'zod';

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed', 'gone']);

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    startedAt: z.string(),
    outcome: z.enum(['delivered', 'failed', 'gone']),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.string().describe('The webhook-id header of every attempt'),
    accountId: z.uuid(),
    requestId: z.string().nullable(),
    operation: z.string(),
    url: z.string(),
    status: DeliveryStatus,
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryDetail = WebhookDelivery.extend({ attemptLog: z.array(WebhookAttempt) }).meta({
  id: 'WebhookDeliveryDetail',
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) }).meta({ id: 'WebhookDeliveryList' });

export const ReplayRequest = z
  .object({ since: z.iso.datetime().describe('Replay every failed delivery of the account created since then') })
  .meta({ id: 'ReplayRequest' });

export const ReplayResult = z.object({ replayed: z.number().int() }).meta({ id: 'ReplayResult' });

export const WebhookSecret = z
  .object({
    secret: z.string().describe('whsec_…: receivers verify webhook-signature with it'),
    previousSecret: z.string().nullable().describe('Still signing until previousExpiresAt, after a rotation'),
    previousExpiresAt: z.string().nullable(),
    rotatedAt: z.string(),
  })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.infer<typeof WebhookSecret>;
