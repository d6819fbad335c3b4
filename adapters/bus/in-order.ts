export type InOrderOptions<T> = {
  /** Items handled at once (at least 1). */
  concurrency: number;
  handle(item: T): Promise<void>;
  /** Called whenever the number of leading items that are all handled grows. */
  onProgress(handledPrefix: number): Promise<void>;
  /** Once aborted, no further item is started; the ones in hand are waited for. */
  halt: AbortSignal;
  /** Once aborted, the items in hand are no longer waited for (their outcome is ignored). */
  abandon: AbortSignal;
};

export type InOrderResult = {
  /** How many leading items were all handled: a position before this index may be committed. */
  handledPrefix: number;
  /** The first rejection of `handle`, if any. */
  failure?: { error: unknown; index: number };
};

type Outcome = { index: number; failed: false } | { index: number; failed: true; error: unknown };

/**
 * Handles `items` up to `concurrency` at once and tracks the handled prefix, so that a position can be
 * committed in order even when later items finish first. After a rejection or a halt no new item is
 * started and the ones in hand are waited for, unless `abandon` is aborted.
 */
export async function handleInOrder<T>(items: readonly T[], options: InOrderOptions<T>): Promise<InOrderResult> {
  const { halt, abandon } = options;
  const done: boolean[] = new Array(items.length).fill(false);
  const settled: Outcome[] = [];
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  abandon.addEventListener('abort', notify);

  let started = 0;
  let inHand = 0;
  let handledPrefix = 0;
  let failure: InOrderResult['failure'];
  const start = (index: number) => {
    inHand++;
    Promise.resolve()
      .then(() => options.handle(items[index]!))
      .then(
        () => settled.push({ index, failed: false }),
        (error: unknown) => settled.push({ index, failed: true, error }),
      )
      .finally(notify);
  };

  try {
    for (;;) {
      while (!failure && !halt.aborted && started < items.length && inHand < Math.max(1, options.concurrency)) {
        start(started++);
      }
      if (inHand === 0 || abandon.aborted) break;
      if (settled.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const before = handledPrefix;
      for (const outcome of settled.splice(0)) {
        inHand--;
        if (outcome.failed) failure ??= { index: outcome.index, error: outcome.error };
        else done[outcome.index] = true;
      }
      while (handledPrefix < items.length && done[handledPrefix]) handledPrefix++;
      if (handledPrefix > before) await options.onProgress(handledPrefix);
    }
  } finally {
    abandon.removeEventListener('abort', notify);
  }
  return failure ? { handledPrefix, failure } : { handledPrefix };
}
