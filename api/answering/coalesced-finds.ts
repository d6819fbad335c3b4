import { coalesced } from '../../adapters/coalesced.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';

/**
 * The store, its reads of kept-reply keys coalesced (adapters/coalesced.ts): every lookup reads its key
 * (a retry after a 202 looks like a first call), so under load most of them share one statement.
 */
export function coalescedFinds(store: IdempotencyStore): IdempotencyStore {
  return { ...store, find: coalesced((inputs) => store.findMany(inputs)) };
}
