import { VerifyActivityResponse, VerifyRequest } from '../../schemas/v3/verify.ts';
import { verifyQueryOf } from '../verify/query.ts';
import type { OperationSpec } from './spec.ts';

/** verify.activity: its request schema and ingress rules. Handled by verifyActivityHandler, workers/verify/activity.ts. */
export const verifyActivity = {
  summary: 'How recently the named person was active by email, online, on social profiles and in employment: scores in 0..1',
  worker: 'enrichment',
  onDeadline: 'queue',
  lookup: true,
  request: VerifyRequest,
  response: VerifyActivityResponse,
  alsoAnswers: [202, 404],
  toWorker: verifyQueryOf,
} as const satisfies OperationSpec;
