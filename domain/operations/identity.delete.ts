import { IdentityDeleteRequest, NoContent } from '../../schemas/v3/identity.ts';
import type { OperationSpec } from './spec.ts';

/** identity.delete: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const identityDelete = {
  summary: 'Removes a record with its identifiers and tags: HTTP 204, no body',
  worker: 'identity',
  orderedBy: 'record',
  request: IdentityDeleteRequest,
  response: NoContent,
  success: 204,
  alsoAnswers: [404],
} as const satisfies OperationSpec;
