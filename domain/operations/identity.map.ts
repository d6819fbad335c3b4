import { IdentityMapRequest, IdentityMapResponse } from '../../schemas/v3/identity.ts';
import { recordMappingOf } from '../identity/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** identity.map: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const identityMap = {
  summary: "Stores one of the account's records (its identifiers, partnerId and tags), linked to the person it names",
  worker: 'identity',
  orderedBy: 'record',
  request: IdentityMapRequest,
  response: IdentityMapResponse,
  alsoAnswers: [409],
  toWorker: recordMappingOf,
} as const satisfies OperationSpec;
