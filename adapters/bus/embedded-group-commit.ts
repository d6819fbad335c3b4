import { coalesced } from '../coalesced.ts';

export type PendingBatch = { topic: string; messages: { key: string; value: string; headers?: Record<string, string> }[] };

/**
 * Publishes made while a write is in flight wait and go together in the next one (group commit, ../coalesced.ts):
 * one transaction for many requests, and publishes stored in the order they were made.
 */
export function groupCommit(write: (batches: PendingBatch[]) => Promise<void>) {
  const append = coalesced(async (batches: PendingBatch[]) => {
    await write(batches);
    return batches.map(() => undefined);
  });
  return {
    append: (topic: string, messages: PendingBatch['messages']): Promise<void> => append({ topic, messages }),
  };
}
