import { coalesced } from '../coalesced.ts';
import type { AccountStore } from './port.ts';

/**
 * The account store, its `get` coalesced (../coalesced.ts): the workers that read the requesting account
 * (stats.get, company.enrich) answer a partition's requests at once, so under load those reads share one statement.
 */
export function coalescedAccountReads(accounts: AccountStore): AccountStore {
  return { ...accounts, get: coalesced((ids: string[]) => accounts.getMany(ids)) };
}
