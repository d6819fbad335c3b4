import { IdentityMapRequest, IdentityResolveResponse } from '../../schemas/v3/identity.ts';
import { recordMappingOf } from '../identity/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** identity.mapResolve: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const identityMapResolve = {
  summary: 'identity.map, answered as identity.resolve answers for the record',
  worker: 'identity',
  orderedBy: 'record',
  request: IdentityMapRequest,
  response: IdentityResolveResponse,
  alsoAnswers: [409],
  toWorker: recordMappingOf,
} as const satisfies OperationSpec;
