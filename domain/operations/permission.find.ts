import { ConsentQuery, PermissionFindResponse } from '../../schemas/v3/permission.ts';
import { consentSubjectOf } from '../consent/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** permission.find: its request schema and ingress rules. Handled by consentHandlers, workers/consent/handlers.ts. */
export const permissionFind = {
  summary: 'Every consent event of the individual any identifier names, newest first ([] when none)',
  worker: 'consent',
  request: ConsentQuery,
  response: PermissionFindResponse,
  toWorker: consentSubjectOf,
} as const satisfies OperationSpec;
