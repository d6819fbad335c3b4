type Waiting<I, O> = { input: I; resolve(output: O): void; reject(error: unknown): void };

/**
 * One call at a time from many callers: the first call of a turn of the event loop goes at once; calls made after it
 * in the same turn, or while one is under way, go together in one statement (or one write) at the end of the turn,
 * or after the one under way. Under load most calls share a round trip instead of each paying one; without load
 * nothing waits. The turn matters where the database answers without leaving it: PGlite (the embedded mode) runs a
 * statement to its end before the next request is even read, so no call would ever find one under way and none
 * would go together. Every call waiting for the end of its turn would cost a chain of calls (a request's reads,
 * one after another) a turn each; the first call of a turn does not wait.
 * `callMany` answers its inputs in their order; when it fails, every call it carried fails with it, and only those.
 * `callOne`, when given, makes a call that goes alone: a one-row statement costs less than the same row unnested
 * from arrays (a usage read 0.5 ms against 0.7 on PGlite).
 */
export function coalesced<I, O>(callMany: (inputs: I[]) => Promise<O[]>, callOne?: (input: I) => Promise<O>): (input: I) => Promise<O> {
  let queued: Waiting<I, O>[] = [];
  let calling = false;
  /** Whether a call went at once in this turn of the event loop: the calls after it wait for its end. */
  let wentThisTurn = false;

  async function callQueued() {
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      try {
        const outputs = group.length === 1 && callOne ? [await callOne(group[0]!.input)] : await callMany(group.map((waiting) => waiting.input));
        group.forEach((waiting, index) => waiting.resolve(outputs[index]!));
      } catch (error) {
        group.forEach((waiting) => waiting.reject(error));
      }
    }
    calling = false;
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queued.push({ input, resolve, reject });
      if (calling) return;
      calling = true;
      if (wentThisTurn) return void setImmediate(() => void callQueued());
      wentThisTurn = true;
      setImmediate(() => (wentThisTurn = false));
      void callQueued();
    });
}
