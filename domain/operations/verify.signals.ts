import { VerifyRequest, VerifySignalsResponse } from '../../schemas/v3/verify.ts';
import { verifyQueryOf } from '../verify/query.ts';
import type { OperationSpec } from './spec.ts';

/** verify.signals: its request schema and ingress rules. Handled by verifySignalsHandler, workers/verify/signals.ts. */
export const verifySignals = {
  summary: 'The identifiers Kith holds for the named person, with when they were first and last seen and how often; name, demographics, employment',
  worker: 'enrichment',
  onDeadline: 'queue',
  lookup: true,
  request: VerifyRequest,
  response: VerifySignalsResponse,
  alsoAnswers: [202, 404],
  toWorker: verifyQueryOf,
} as const satisfies OperationSpec;
