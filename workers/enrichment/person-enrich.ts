import type { PersonStore } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { keyId } from '../../adapters/persons/store.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { PersonLookup } from './evidence.ts';
import { mostRecent, qualifying, scoreCandidates } from './match.ts';
import { presentPerson } from './present.ts';

/** Persons one identifier may name that the matcher looks at; beyond it an identifier is no evidence anyway. */
const PERSONS_PER_KEY = 25;

const NOT_FOUND: OperationReply = { status: 404, body: { status: 404, message: 'Profile not found' } };

/**
 * person.enrich: the query's identifiers, reduced to keys by the ingress (./evidence.ts), are looked up, the persons they name scored
 * (./match.ts), and the one that qualifies at the asked confidence answered; 404 when none does.
 */
export function personEnrichHandler(persons: PersonStore): OperationHandler {
  return async (request) => {
    const lookup = request.body as PersonLookup;
    const named = await persons.personsByKeys(lookup.evidence.flatMap((item) => item.keys), PERSONS_PER_KEY);
    const candidates = scoreCandidates(lookup.evidence, (key) => named.get(keyId(key)) ?? []);
    const chosen = qualifying(candidates, lookup.confidence);
    const person = mostRecent(await persons.byIds(chosen.map((candidate) => candidate.personId)));
    if (!person) return NOT_FOUND;
    const body = presentPerson(
      { ...person.document, updated: person.updated },
      { dataFilter: lookup.dataFilter, maxMaids: lookup.maxMaids, maxEmails: lookup.maxEmails, hashedQuery: lookup.hashedQuery },
    );
    return { status: 200, body };
  };
}
