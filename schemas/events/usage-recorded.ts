import { z } from 'zod';

/** One answered v3 request, as the usage worker counts it. No identifiers of the person looked up. */
export const UsageRecorded = z.object({
  eventId: z.uuid(),
  accountId: z.uuid(),
  operation: z.string().regex(/^[a-z]+\.[A-Za-z]+$/),
  outcome: z.enum(['match', 'miss', 'ok', 'queued', 'error']),
  at: z.iso.datetime(),
});
export type UsageRecorded = z.infer<typeof UsageRecorded>;
