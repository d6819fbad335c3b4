import type { StoredPerson } from '../../adapters/db/port.ts';
import type { PersonLookup } from '../../schemas/events/payloads.ts';
import { presentPerson } from '../../domain/persons/present.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { Matching } from './find-person.ts';

/** The answer to a person lookup that names nobody (person.enrich, verify.*, person.subscribe). */
export const NOT_FOUND: OperationReply = { status: 404, body: { status: 404, message: 'Profile not found' } };

/**
 * How a person is answered to an account: the stored record, with the account's own ids for the person (read
 * with the person when it was found by identifiers, read here otherwise).
 */
export async function personAnswerFor(
  matching: Matching,
  accountId: string,
  person: StoredPerson,
  options: Pick<PersonLookup, 'dataFilter' | 'maxMaids' | 'maxEmails' | 'hashedQuery'> = { hashedQuery: false },
) {
  const records = person.accountRecords ?? (await matching.identity.byPersons(accountId, [person.id]));
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
