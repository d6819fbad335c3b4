import { StatsGetRequest, StatsGetResponse } from '../../schemas/v3/stats-get.ts';
import type { OperationSpec } from './spec.ts';

/** stats.get: its request schema and ingress rules. Handled by statsGetHandler, workers/usage/stats-get.ts. */
export const statsGet = {
  summary: 'Usage statistics and plan of the current billing period',
  worker: 'usage',
  request: StatsGetRequest,
  response: StatsGetResponse,
} as const satisfies OperationSpec;
