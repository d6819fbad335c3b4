import type { Consumer } from '../../adapters/bus/port.ts';
import type { MatchModelStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import { confirmedComparisons, countLevels } from '../../domain/matching/confirmed-lookups.ts';
import type { LevelCounts } from '../../domain/matching/learn-m.ts';
import type { PersonScore } from '../../domain/matching/person-score.ts';

/** How often the levels counted in memory are added to the database. */
export const CONFIRMED_FLUSH_MS = 10_000;

export type ConfirmedLookups = Consumer & {
  /** Counts the answered person's name and address levels when its identifiers confirm it. */
  note(score: PersonScore): void;
};

/**
 * Counts the levels of the lookups whose identifiers confirmed the person (domain/matching/confirmed-lookups.ts) in
 * memory and adds them to the store every `everyMs` and when stopped, so that a lookup costs no write. Counts
 * whose write fails are kept for the next; those of a process killed before its next write are lost, a few
 * seconds of a statistic.
 */
export function startConfirmedLookups(parts: { store: Pick<MatchModelStore, 'addConfirmedLevels'>; log: Logger; everyMs: number }): ConfirmedLookups {
  let counts: LevelCounts = new Map();
  const flush = async () => {
    if (counts.size === 0) return;
    const taken = counts;
    counts = new Map();
    try {
      await parts.store.addConfirmedLevels(taken);
    } catch (error) {
      for (const [field, byLevel] of taken) for (const [level, lookups] of byLevel) countLevels(counts, [{ field, level }], lookups);
      throw error;
    }
  };
  const run = () => void flush().catch((error: unknown) => parts.log.warn({ err: error }, 'confirmed lookups not recorded; trying again later'));
  const timer = setInterval(run, parts.everyMs);
  return {
    note(score) {
      const comparisons = confirmedComparisons(score);
      if (comparisons) countLevels(counts, comparisons);
    },
    async stop() {
      clearInterval(timer);
      await flush().catch((error: unknown) => parts.log.warn({ err: error }, 'confirmed lookups not recorded at stop'));
    },
  };
}
