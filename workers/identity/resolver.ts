import type { Consumer } from '../../adapters/bus/port.ts';
import type { PersonStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import { startPeriodic } from '../runtime/periodic.ts';

export type ResolverParts = { persons: PersonStore; model: () => Promise<MatchModel>; log: Logger; everyMs: number };

/**
 * Batches of stored persons keyed again a run, while they carry an older release's blocking keys: the records
 * this queues are resolved in the same run, and new records wait for no more than that.
 */
const REFRESH_BATCHES_A_RUN = 10;

/**
 * Every `everyMs`, resolves the records queued for resolution (docs/identity-graph.md): those an import (over the
 * admin API it resolves its own before it answers; `kith import` into a running PostgreSQL deployment, a
 * migration) wrote. Before that, while the stored persons carry an older release's blocking keys, it keys some of
 * them again (docs/matching.md), which queues them. Any number of identity workers may run it: they take turns
 * under the resolver's lock and the imports'.
 */
export function startRecordResolver(parts: ResolverParts): Consumer {
  let keysCurrent = false;
  // A failure here is logged and tried again at the next run; it never holds up the records queued.
  const refreshKeys = async () => {
    if (keysCurrent) return;
    try {
      const counts = await parts.persons.refreshMatchKeys({ batches: REFRESH_BATCHES_A_RUN });
      if (counts.records > 0) parts.log.info({ ...counts }, "stored persons keyed by this release's blocking keys");
      keysCurrent = counts.done;
    } catch (error) {
      parts.log.warn({ err: error }, "keying stored persons by this release's blocking keys failed; trying again later");
    }
  };
  const resolve = async () => {
    await refreshKeys();
    const counts = await parts.persons.resolveQueued({ model: await parts.model() });
    if (counts.resolved > 0) parts.log.info({ ...counts }, 'records resolved into persons');
  };
  return startPeriodic(resolve, { everyMs: parts.everyMs, log: parts.log, failure: 'resolving records failed; trying again later' });
}
