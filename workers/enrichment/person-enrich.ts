import type { StoredPerson } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { PersonLookup } from '../matching/evidence.ts';
import { explainMatch } from '../../domain/matching/explain.ts';
import { matchPerson, type Matching } from '../matching/find-person.ts';
import { presentPerson } from './present.ts';

export const NOT_FOUND: OperationReply = { status: 404, body: { status: 404, message: 'Profile not found' } };

/** How a person is answered to an account: the stored record, with the account's own ids for the person. */
export async function personAnswerFor(
  matching: Matching,
  accountId: string,
  person: StoredPerson,
  options: Pick<PersonLookup, 'dataFilter' | 'maxMaids' | 'maxEmails' | 'hashedQuery'> = { hashedQuery: false },
) {
  const records = await matching.identity.byPersons(accountId, [person.id]);
  return presentPerson(
    { ...person.document, updated: person.updated },
    {
      ...options,
      accountIds: {
        personIds: [matching.personIds.encode(accountId, person.id)],
        recordIds: records.map((record) => record.recordId),
        partnerIds: records.flatMap((record) => (record.partnerId ? [record.partnerId] : [])),
      },
    },
  );
}

/**
 * person.enrich: the query's identifiers, reduced to keys by the ingress (../matching/evidence.ts), and its
 * references to the account's records name a person (../matching/find-person.ts), answered with the account's
 * own ids for them and how sure the match is and why (`match`); 404 when nobody qualifies at the asked
 * confidence.
 */
export function personEnrichHandler(matching: Matching): OperationHandler {
  return async (request) => {
    const lookup = request.body as PersonLookup;
    const { accountId } = request;
    const found = await matchPerson(matching, { accountId, ...lookup });
    if (!found) return NOT_FOUND;
    const body = await personAnswerFor(matching, accountId, found.person, {
      dataFilter: lookup.dataFilter,
      maxMaids: lookup.maxMaids,
      maxEmails: lookup.maxEmails,
      hashedQuery: lookup.hashedQuery,
    });
    return { status: 200, body: { ...body, match: explainMatch(found.match, found.model.version) } };
  };
}
