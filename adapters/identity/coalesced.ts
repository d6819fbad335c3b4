import { coalesced } from '../coalesced.ts';
import type { IdentityStore, RecordToMap } from '../db/port.ts';

/** A map's outcome, kept apart from the others' of its group: its person's id, or why it failed. */
type Mapped = { personId: string } | { error: unknown };

const settle = (mapping: Promise<string>): Promise<Mapped> => mapping.then((personId) => ({ personId }), (error: unknown) => ({ error }));

/**
 * The identity store, its maps coalesced (../coalesced.ts): the maps in hand go in one transaction
 * (docs/decisions.md, "Maps in hand share a transaction"). When that fails (a partner id another record's, a
 * deadlock), each map of the group is made again on its own, so that only a map that fails alone fails.
 */
export function coalescedMaps(identity: IdentityStore): IdentityStore {
  const mapOne = ({ accountId, record }: RecordToMap) => settle(identity.map(accountId, record));
  async function mapMany(mappings: RecordToMap[]): Promise<Mapped[]> {
    try {
      return (await identity.mapMany(mappings)).map((personId) => ({ personId }));
    } catch {
      const outcomes: Mapped[] = [];
      for (const mapping of mappings) outcomes.push(await mapOne(mapping));
      return outcomes;
    }
  }
  const map = coalesced(mapMany, mapOne);
  return {
    ...identity,
    async map(accountId, record) {
      const outcome = await map({ accountId, record });
      if ('error' in outcome) throw outcome.error;
      return outcome.personId;
    },
  };
}
