import type { OperationHandler, OperationHandlers } from '../../adapters/dispatch/port.ts';
import { ConflictError } from '../../adapters/errors.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import { lookupKeys } from '../../domain/matching/evidence.ts';
import { findPerson, type Matching } from '../shared/find-person.ts';
import { noRecords, resolveRecords } from './resolve.ts';

/** `?tags=true`, in any case (the Python client sends `True` and `False`). */
const tagsWanted = (query: Record<string, string>) => query.tags?.toLowerCase() === 'true';

/**
 * identity.map stores the record (replacing its identifiers and partner id; adding its tags) in the person its
 * identifiers name at HIGH confidence, or one of the account's own (docs/identity-graph.md, "Account records").
 * identity.mapResolve answers as identity.resolve.
 */
function mapRecord(matching: Matching, answer: 'map' | 'resolve'): OperationHandler<'identity.map' | 'identity.mapResolve'> {
  return async (request) => {
    const mapping = request.body;
    const { accountId } = request;
    const person = await findPerson(matching, { accountId, evidence: mapping.evidence, references: {}, confidence: 'HIGH' });
    try {
      await matching.identity.map(accountId, {
        recordId: mapping.recordId,
        partnerId: mapping.partnerId,
        matchedPersonId: person?.id ?? null,
        keys: lookupKeys(mapping.evidence),
        tags: mapping.tags,
        emails: mapping.emails,
        maids: mapping.maids,
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      return { status: 409, body: { status: 409, message: `partnerId ${mapping.partnerId} belongs to another record of this account` } };
    }
    if (answer === 'resolve') {
      return resolveRecords(matching, accountId, { evidence: [], references: { recordId: mapping.recordId } }, tagsWanted(request.query));
    }
    return { status: 200, body: { recordIds: [mapping.recordId], ...(mapping.tags.length > 0 && { tags: mapping.tags }) } };
  };
}

const recordTags = async (matching: Matching, accountId: string, recordId: string) =>
  (await matching.identity.tags(accountId, [recordId])).get(recordId) ?? [];

/** The identity worker's operations: the account's records, their links to persons, and their tags. */
export function identityHandlers(matching: Matching): OperationHandlers {
  const { identity } = matching;
  return {
    'identity.map': mapRecord(matching, 'map'),
    'identity.mapResolve': mapRecord(matching, 'resolve'),
    'identity.resolve': (request) => resolveRecords(matching, request.accountId, request.body, tagsWanted(request.query)),

    async 'identity.delete'(request) {
      const { recordId } = request.body;
      return (await identity.delete(request.accountId, recordId)) ? { status: 204, body: null } : noRecords(recordId);
    },

    async 'tags.create'(request) {
      const { recordId, tags } = request.body;
      if (!(await identity.addTags(request.accountId, recordId, tags))) return noRecords(recordId);
      return { status: 200, body: { recordId, tags: await recordTags(matching, request.accountId, recordId) } };
    },

    async 'tags.get'(request) {
      const { recordId, partnerId } = request.body;
      const record = recordId ? await identity.get(request.accountId, recordId) : await identity.byPartnerId(request.accountId, partnerId!);
      if (!record) return noRecords((recordId ?? partnerId)!);
      const tags = await recordTags(matching, request.accountId, record.recordId);
      return { status: 200, body: { recordId: record.recordId, partnerId: record.partnerId, tags } } satisfies OperationReply;
    },

    async 'tags.delete'(request) {
      const { recordId, tags } = request.body;
      if (!(await identity.removeTags(request.accountId, recordId, tags?.length ? tags : 'all'))) return noRecords(recordId);
      return { status: 200, body: { status: 204, message: 'Tags deleted' } };
    },
  };
}
