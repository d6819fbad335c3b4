import { IdentityResolveRequest, IdentityResolveResponse } from '../../schemas/v3/identity.ts';
import { recordQueryOf } from '../identity/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** identity.resolve: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const identityResolve = {
  summary: "The account's records, person ids and partner ids for identifiers, a recordId, personId or partnerId (?tags=true adds tags)",
  worker: 'identity',
  request: IdentityResolveRequest,
  response: IdentityResolveResponse,
  alsoAnswers: [404],
  toWorker: recordQueryOf,
} as const satisfies OperationSpec;
