import { ConsentQuery, PermissionCurrentResponse } from '../../schemas/v3/permission.ts';
import { consentSubjectOf } from '../consent/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** permission.current: its request schema and ingress rules. Handled by consentHandlers, workers/consent/handlers.ts. */
export const permissionCurrent = {
  summary: 'The consent in force, by purposeId then channel ({} when none)',
  worker: 'consent',
  request: ConsentQuery,
  response: PermissionCurrentResponse,
  toWorker: consentSubjectOf,
} as const satisfies OperationSpec;
