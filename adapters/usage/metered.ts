import type { UsageMetrics } from '../metrics/port.ts';
import type { UsageStore } from './port.ts';

/** The usage store, observing the size of every batch written (the usage writer's batching at work). */
export function meteredUsageStore(store: UsageStore, metrics: UsageMetrics): UsageStore {
  return {
    prepare: () => store.prepare(),
    async record(events) {
      await store.record(events);
      metrics.batchWritten(events.length);
    },
    lastOffsets: (topic) => store.lastOffsets(topic),
    totals: (accountId, from, to) => store.totals(accountId, from, to),
    totalsMany: (ranges) => store.totalsMany(ranges),
    daily: (accountId, from, to) => store.daily(accountId, from, to),
    close: () => store.close(),
  };
}
