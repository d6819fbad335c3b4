import { VerifyMatchResponse, VerifyRequest } from '../../schemas/v3/verify.ts';
import { verifyQueryOf } from '../verify/query.ts';
import type { OperationSpec } from './spec.ts';

/** verify.match: its request schema and ingress rules. Handled by verifyMatchHandler, workers/verify/match.ts. */
export const verifyMatch = {
  summary: "Whether each identifier and each part of the name and address given is the named person's own, a household member's, somebody else's or unknown, with a risk score",
  worker: 'enrichment',
  onDeadline: 'queue',
  lookup: true,
  request: VerifyRequest,
  response: VerifyMatchResponse,
  alsoAnswers: [202, 404],
  toWorker: verifyQueryOf,
} as const satisfies OperationSpec;
