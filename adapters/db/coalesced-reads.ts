type Waiting<I, O> = { input: I; resolve(output: O): void; reject(error: unknown): void };

/**
 * One read at a time from many callers: a read asked while none is under way goes at once, alone; reads asked
 * while one is under way go together in the next, one statement for all of them. Under load most reads share
 * a round trip instead of each paying one; without load nothing waits. `readMany` answers its inputs in their
 * order; when it fails, every read of that statement fails with it, and only those.
 */
export function coalescedReads<I, O>(readMany: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let queued: Waiting<I, O>[] = [];
  let reading = false;

  async function readQueued() {
    reading = true;
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      try {
        const outputs = await readMany(group.map((waiting) => waiting.input));
        group.forEach((waiting, index) => waiting.resolve(outputs[index]!));
      } catch (error) {
        group.forEach((waiting) => waiting.reject(error));
      }
    }
    reading = false;
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queued.push({ input, resolve, reject });
      if (!reading) void readQueued();
    });
}
