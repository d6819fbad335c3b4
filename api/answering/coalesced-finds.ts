import type { FindInput, HeldClaim, IdempotencyStore } from '../../adapters/db/port.ts';

type Waiting = { input: FindInput; resolve(found: HeldClaim | undefined): void; reject(error: unknown): void };

/**
 * The store, its reads of kept-reply keys made while one is under way sent together in the next statement: every
 * lookup reads its key (a retry after a 202 looks like a first call), so under load most of them share a round
 * trip instead of each paying one. A read that finds none under way goes at once: no wait without load.
 */
export function coalescedFinds(store: IdempotencyStore): IdempotencyStore {
  let queued: Waiting[] = [];
  let reading = false;

  async function readQueued() {
    reading = true;
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      try {
        const found = await store.findMany(group.map((waiting) => waiting.input));
        group.forEach((waiting, index) => waiting.resolve(found[index]));
      } catch (error) {
        group.forEach((waiting) => waiting.reject(error));
      }
    }
    reading = false;
  }

  return {
    ...store,
    find: (input) =>
      new Promise((resolve, reject) => {
        queued.push({ input, resolve, reject });
        if (!reading) void readQueued();
      }),
  };
}
