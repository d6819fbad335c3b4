import { ConsentPurpose, PermissionVerifyRequest } from '../../schemas/v3/permission.ts';
import { consentVerifyOf } from '../consent/payloads.ts';
import type { OperationSpec } from './spec.ts';

/** permission.verify: its request schema and ingress rules. Handled by consentHandlers, workers/consent/handlers.ts. */
export const permissionVerify = {
  summary: 'The consent in force for one purpose and channel, or 404',
  worker: 'consent',
  request: PermissionVerifyRequest,
  response: ConsentPurpose,
  alsoAnswers: [404],
  toWorker: consentVerifyOf,
} as const satisfies OperationSpec;
