import { coalesced } from '../coalesced.ts';
import type { PersonsLookup, PersonStore } from '../db/port.ts';

/**
 * The person store, its lookups coalesced (../coalesced.ts): a worker answers the requests of a batch at once, so
 * under load their lookups by identifiers, and a name and address's candidates by blocking keys and then their
 * records, share one statement each instead of each paying one.
 */
export function coalescedPersonLookups(persons: PersonStore): PersonStore {
  const withRecords = coalesced((lookups: PersonsLookup[]) => persons.personsWithRecordsByKeysMany(lookups));
  const byKeys = coalesced(persons.personsByKeysMany);
  const byIds = coalesced(persons.byIdsMany);
  return {
    ...persons,
    personsWithRecordsByKeys: (keys, perKey, accountId) => withRecords({ keys, perKey, accountId }),
    personsByKeys: (keys, perKey) => byKeys({ keys, perKey }),
    // Most lookups have no person left to read: those need not wait for a turn of the event loop.
    byIds: async (ids) => (ids.length === 0 ? [] : byIds(ids)),
  };
}
