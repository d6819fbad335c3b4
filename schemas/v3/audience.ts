import { z } from 'zod';
import { TagList } from './tags.ts';

export const AUDIENCE_KEEP_DAYS = 30;

export const AudienceCreateRequest = z
  .object({
    webhookUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048).describe('Told when the file is ready'),
    tags: TagList.min(1, 'give at least one tag').describe('Records holding any of these key/value pairs are members'),
  })
  .meta({ id: 'AudienceCreateRequest' });
export type AudienceCreateRequest = z.infer<typeof AudienceCreateRequest>;

/** What the webhook receives once the file is ready (the answer of the audience worker). */
export const AudienceReady = z
  .object({
    requestId: z.uuid(),
    webhookId: z.string().describe("Equals the delivery's webhook-id header"),
    result: z.object({
      message: z.string(),
      downloadUrl: z.url().describe('<KITH_PUBLIC_URL>/v3/audience.download?requestId=<requestId>'),
    }),
  })
  .meta({ id: 'AudienceReady' });
export type AudienceReady = z.infer<typeof AudienceReady>;

export const AudienceAccepted = z
  .object({ status: z.literal(202), message: z.string(), requestId: z.uuid().describe('The audience: download it by this id') })
  .meta({ id: 'AudienceAccepted' });
