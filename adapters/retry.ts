export type RetryPolicy = {
  /** Pause before each further attempt: [100, 400] means three attempts in all. */
  delaysMs: readonly number[];
  shouldRetry(error: unknown): boolean;
  sleep(ms: number): Promise<void>;
};

/** Short in-process retries for blips (a dropped connection); scheduled redelivery is another layer. */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let index = 0; ; index += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = policy.delaysMs[index];
      if (delay === undefined || !policy.shouldRetry(error)) throw error;
      await policy.sleep(delay);
    }
  }
}
