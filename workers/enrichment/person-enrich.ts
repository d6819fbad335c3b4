import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { PersonLookup } from '../matching/evidence.ts';
import { findPerson, type Matching } from '../matching/find-person.ts';
import { presentPerson } from './present.ts';

const NOT_FOUND: OperationReply = { status: 404, body: { status: 404, message: 'Profile not found' } };

/**
 * person.enrich: the query's identifiers, reduced to keys by the ingress (../matching/evidence.ts), and its
 * references to the account's records name a person (../matching/find-person.ts), answered with the account's
 * own ids for them; 404 when nobody qualifies at the asked confidence.
 */
export function personEnrichHandler(matching: Matching): OperationHandler {
  return async (request) => {
    const lookup = request.body as PersonLookup;
    const { accountId } = request;
    const person = await findPerson(matching, { accountId, ...lookup });
    if (!person) return NOT_FOUND;
    const records = await matching.identity.byPersons(accountId, [person.id]);
    const body = presentPerson(
      { ...person.document, updated: person.updated },
      {
        dataFilter: lookup.dataFilter,
        maxMaids: lookup.maxMaids,
        maxEmails: lookup.maxEmails,
        hashedQuery: lookup.hashedQuery,
        accountIds: {
          personIds: [matching.personIds.encode(accountId, person.id)],
          recordIds: records.map((record) => record.recordId),
          partnerIds: records.flatMap((record) => (record.partnerId ? [record.partnerId] : [])),
        },
      },
    );
    return { status: 200, body };
  };
}
