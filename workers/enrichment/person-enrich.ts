import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { explainMatch } from '../../domain/matching/explain.ts';
import { matchPerson, type Matching } from '../shared/find-person.ts';
import { NOT_FOUND, personAnswerFor } from '../shared/person-answer.ts';

/**
 * person.enrich: the query's identifiers, reduced to keys by the ingress (domain/matching/evidence.ts), and its
 * references to the account's records name a person (../shared/find-person.ts), answered with the account's
 * own ids for them and how sure the match is and why (`match`); 404 when nobody qualifies at the asked
 * confidence.
 */
export function personEnrichHandler(matching: Matching): OperationHandler<'person.enrich'> {
  return async (request) => {
    const lookup = request.body;
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
