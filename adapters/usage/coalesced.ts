import { coalesced } from '../coalesced.ts';
import type { UsageRangeQuery, UsageStore } from './port.ts';

/**
 * The usage store, its `totals` coalesced (../coalesced.ts): stats.get's worker answers a partition's requests
 * at once, so under load their reads share one query instead of each paying one.
 */
export function coalescedTotals(store: UsageStore): UsageStore {
  const totals = coalesced(
    (ranges: UsageRangeQuery[]) => store.totalsMany(ranges),
    ({ accountId, from, to }) => store.totals(accountId, from, to),
  );
  return { ...store, totals: (accountId, from, to) => totals({ accountId, from, to }) };
}
