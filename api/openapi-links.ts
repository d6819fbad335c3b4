import type { V3OperationName } from '../domain/operations.ts';

type Link = { operationId: string; description: string; requestBody?: unknown; parameters?: Record<string, string> };

const recordOfTheMap = { recordId: '$request.body#/recordId' };
/** The individual's email and phone as permission.create was given them (in `query`; fields it lacks are left out). */
const individualOfTheConsent = { email: '$request.body#/query/email', phone: '$request.body#/query/phone' };

/**
 * The OpenAPI links of the v3 operations: which later call a success makes possible, and where that call's input
 * comes from (the request that succeeded, or its answer). Generated clients and stateful fuzzing follow them:
 * a record mapped, then its tags; consent recorded, then found and withdrawn; an audience built, then downloaded.
 */
export const V3_LINKS: Partial<Record<V3OperationName, Record<string, Link>>> = {
  'identity.map': {
    ResolveTheRecord: { operationId: 'identity.resolve', description: 'The record just mapped', requestBody: recordOfTheMap },
    TagTheRecord: { operationId: 'tags.create', description: 'Adds tags to the record just mapped', requestBody: recordOfTheMap },
    TagsOfTheRecord: { operationId: 'tags.get', description: 'The tags of the record just mapped', requestBody: recordOfTheMap },
    UntagTheRecord: { operationId: 'tags.delete', description: 'Removes tags of the record just mapped', requestBody: recordOfTheMap },
    DeleteTheRecord: { operationId: 'identity.delete', description: 'Removes the record just mapped', requestBody: recordOfTheMap },
  },
  'permission.create': {
    FindTheConsent: { operationId: 'permission.find', description: "The individual's consent events", requestBody: individualOfTheConsent },
    CurrentConsent: { operationId: 'permission.current', description: "The individual's consent in force", requestBody: individualOfTheConsent },
    VerifyTheConsent: {
      operationId: 'permission.verify',
      description: 'The consent just recorded, for its first purpose',
      requestBody: { query: individualOfTheConsent, purposeId: '$request.body#/consentPurposes/0/purposeId', channel: '$request.body#/consentPurposes/0/channel/0' },
    },
    WithdrawTheConsent: { operationId: 'permission.delete', description: "Withdraws the individual's consent", requestBody: individualOfTheConsent },
  },
  'audience.create': {
    DownloadTheAudience: { operationId: 'audience.download.download', description: 'The file, once built', parameters: { requestId: '$response.body#/requestId' } },
  },
  'person.subscribe': {
    EndTheSubscription: { operationId: 'person.unsubscribe', description: 'Ends the subscription just made', requestBody: { subscriptionId: '$response.body#/subscriptionId' } },
  },
};
