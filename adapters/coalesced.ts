type Waiting<I, O> = { input: I; resolve(output: O): void; reject(error: unknown): void };

/**
 * One call at a time from many callers: a call made while none is under way goes at once, alone; calls made
 * while one is under way go together in the next, one statement (or one write) for all of them. Under load most
 * calls share a round trip instead of each paying one; without load nothing waits. `callMany` answers its inputs
 * in their order; when it fails, every call it carried fails with it, and only those.
 * `callOne`, when given, makes a call that goes alone, as calls do without load (and always in the embedded mode,
 * where the database runs one statement at a time): a one-row statement costs less than the same row unnested from
 * arrays (a usage read 0.5 ms against 0.7 on PGlite).
 */
export function coalesced<I, O>(callMany: (inputs: I[]) => Promise<O[]>, callOne?: (input: I) => Promise<O>): (input: I) => Promise<O> {
  let queued: Waiting<I, O>[] = [];
  let calling = false;

  async function callQueued() {
    calling = true;
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
      if (!calling) void callQueued();
    });
}
