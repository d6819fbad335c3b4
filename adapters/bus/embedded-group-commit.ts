export type PendingBatch = { topic: string; messages: { key: string; value: string; headers?: Record<string, string> }[] };

/**
 * Publishes made while a write is in flight wait and go together in the next one (group commit): one
 * transaction for many requests, and publishes stored in the order they were made.
 */
export function groupCommit(write: (batches: PendingBatch[]) => Promise<void>) {
  let waiting: { batch: PendingBatch; resolve(): void; reject(error: unknown): void }[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const taken = waiting;
      waiting = [];
      try {
        await write(taken.map((entry) => entry.batch));
        for (const entry of taken) entry.resolve();
      } catch (error) {
        for (const entry of taken) entry.reject(error);
      }
    }
    writing = false;
  }

  return {
    append(topic: string, messages: PendingBatch['messages']): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ batch: { topic, messages }, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
