import type { Consumer } from '../../adapters/bus/port.ts';
import type { PersonStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import { startPeriodic } from '../runtime/periodic.ts';

export type ResolverParts = { persons: PersonStore; model: () => Promise<MatchModel>; log: Logger; everyMs: number };

/**
 * Every `everyMs`, resolves the records queued for resolution (docs/identity-graph.md): those an import (over the
 * admin API it resolves its own before it answers; `kith import` into a running PostgreSQL deployment, a
 * migration) wrote. Any number of identity workers may run it: they take turns under the resolver's lock.
 */
export function startRecordResolver(parts: ResolverParts): Consumer {
  const resolve = async () => {
    const counts = await parts.persons.resolveQueued({ model: await parts.model() });
    if (counts.resolved > 0) parts.log.info({ ...counts }, 'records resolved into persons');
  };
  return startPeriodic(resolve, { everyMs: parts.everyMs, log: parts.log, failure: 'resolving records failed; trying again later' });
}
