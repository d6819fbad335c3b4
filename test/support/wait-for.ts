export type WaitOptions = {
  timeoutMs?: number;
  /** What to report when the wait fails, to tell how far it got. */
  progress?: () => unknown;
};

/** Polls `condition` until it holds, or fails naming `what`. Tests wait with this, never with fixed sleeps. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  options: WaitOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      const progress = options.progress ? `; got ${JSON.stringify(options.progress())}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${progress}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
