import { ConsentQuery, PermissionAccepted } from '../../schemas/v3/permission.ts';
import { consentSubjectOf } from '../consent/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** permission.delete: its request schema and ingress rules. Handled by consentHandlers, workers/consent/handlers.ts. */
export const permissionDelete = {
  summary: "Records the withdrawal of an individual's consent: history kept, nothing current; 202",
  worker: 'consent',
  orderedBy: 'account',
  request: ConsentQuery,
  response: PermissionAccepted,
  success: 202,
  alsoAnswers: [404],
  toWorker: consentSubjectOf,
} as const satisfies OperationSpec;
