import type { IdentityRecord } from '../../adapters/db/port.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import { lookupKeys } from '../../domain/matching/evidence.ts';
import type { RecordQuery, References } from '../../schemas/events/payloads.ts';
import { findPerson, type Matching } from '../shared/find-person.ts';

export const noRecords = (identifier: string): OperationReply => ({
  status: 404,
  body: { status: 404, message: `No records found for identifier: ${identifier}` },
});

/** What a 404 names: the reference the caller gave, else their identifiers as a whole (never echoed). */
const describe = (references: References) => references.recordId ?? references.personId ?? references.partnerId ?? 'the given identifiers';

/**
 * identity.resolve (and the answer of identity.mapResolve): the account's records the query names, by
 * recordId, partnerId, their own identifiers, or the person they are linked to; the account's person ids of
 * those persons; and, when `withTags`, each record's tags. 404 when it names no record and no person.
 */
export async function resolveRecords(matching: Matching, accountId: string, query: RecordQuery, withTags: boolean): Promise<OperationReply> {
  const { identity } = matching;
  const { references, evidence } = query;
  const records = new Map<string, IdentityRecord>();
  const persons = new Set<string>();
  const add = (record: IdentityRecord | undefined) => {
    if (!record) return;
    records.set(record.recordId, record);
    if (record.personId) persons.add(record.personId);
  };

  if (references.recordId) add(await identity.get(accountId, references.recordId));
  if (references.partnerId) add(await identity.byPartnerId(accountId, references.partnerId));
  const decoded = references.personId ? matching.personIds.decode(accountId, references.personId) : undefined;
  // A merged-away id names the survivor.
  if (decoded) persons.add((await matching.persons.liveIds([decoded]))[0]!);
  if (evidence.length > 0) {
    for (const record of await identity.byKeys(accountId, lookupKeys(evidence))) add(record);
    const person = await findPerson(matching, { accountId, evidence, references: {}, confidence: 'HIGH' });
    if (person) persons.add(person.id);
  }
  for (const record of await identity.byPersons(accountId, [...persons])) add(record);
  if (records.size === 0 && persons.size === 0) return noRecords(describe(references));

  const recordIds = [...records.keys()].sort();
  const body = {
    recordIds,
    personIds: [...persons].map((id) => matching.personIds.encode(accountId, id)),
    partnerIds: [...new Set([...records.values()].flatMap((record) => (record.partnerId ? [record.partnerId] : [])))],
    ...(withTags && { tags: Object.fromEntries(await identity.tags(accountId, recordIds)) }),
  };
  return { status: 200, body };
}
