type Waiting<I, O> = { input: I; resolve(output: O): void; reject(error: unknown): void };

/**
 * One call at a time from many callers: calls made in the same turn of the event loop, or while one is under
 * way, go together in one statement (or one write); a call alone goes alone. Under load most calls share a round
 * trip instead of each paying one; without load a call waits only for the end of its turn. The turn matters where
 * the database answers without leaving it: PGlite (the embedded mode) runs a statement to its end before the next
 * request is even read, so calls started at once would never find one under way and never go together.
 * `callMany` answers its inputs in their order; when it fails, every call it carried fails with it, and only those.
 * `callOne`, when given, makes a call that goes alone: a one-row statement costs less than the same row unnested
 * from arrays (a usage read 0.5 ms against 0.7 on PGlite).
 */
export function coalesced<I, O>(callMany: (inputs: I[]) => Promise<O[]>, callOne?: (input: I) => Promise<O>): (input: I) => Promise<O> {
  let queued: Waiting<I, O>[] = [];
  let calling = false;

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
      setImmediate(() => void callQueued());
    });
}
