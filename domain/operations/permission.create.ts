import { consentTimestampIssue } from '../../schemas/v3/consent-timestamp.ts';
import { PermissionAccepted, PermissionCreateRequest } from '../../schemas/v3/permission.ts';
import { consentGivenOf } from '../consent/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** permission.create: its request schema and ingress rules. Handled by consentHandlers, workers/consent/handlers.ts. */
export const permissionCreate = {
  summary: 'Records consent of an individual, named by any identifiers (flat or in `query`): 202 with the permissionId',
  worker: 'consent',
  orderedBy: 'account',
  request: PermissionCreateRequest,
  response: PermissionAccepted,
  success: 202,
  toWorker: consentGivenOf,
  checkAt: consentTimestampIssue,
} as const satisfies OperationSpec;
