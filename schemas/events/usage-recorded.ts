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

/** How an answer counts: lookups match (200) or miss (404); 202 is queued, not a match; failures are errors. */
export function outcomeOf(status: number, operation: { lookup?: true }): UsageRecorded['outcome'] {
  if (status === 202) return 'queued';
  if (operation.lookup && status === 200) return 'match';
  if (operation.lookup && status === 404) return 'miss';
  return status < 400 ? 'ok' : 'error';
}
