import { coalesced } from '../coalesced.ts';
import type { PersonsLookup, PersonStore } from '../db/port.ts';

/**
 * The person store, its lookups by identifiers coalesced (../coalesced.ts): a worker answers the
 * requests of a batch at once, so under load their lookups share one statement instead of each paying one.
 */
export function coalescedPersonLookups(persons: PersonStore): PersonStore {
  const lookup = coalesced((lookups: PersonsLookup[]) => persons.personsWithRecordsByKeysMany(lookups));
  return { ...persons, personsWithRecordsByKeys: (keys, perKey, accountId) => lookup({ keys, perKey, accountId }) };
}
