/**
 * Runs work for the same key one after another, in the order it was asked for, and work for different keys
 * at once. The order is that of the calls: a caller that calls in message order keeps message order per key,
 * however many messages are in hand.
 */
export function keyQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const tail = current.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return current;
  };
}
