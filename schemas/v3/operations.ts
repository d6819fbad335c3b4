import type { z } from 'zod';
import { StatsGetRequest, StatsGetResponse } from './stats-get.ts';

export type OperationSpec = {
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  /** Statuses other than 200 that the operation answers on success (202 queued, 404 no match). */
  alsoAnswers?: readonly number[];
};

/** Every v3 operation Kith serves: the single source for routing, validation and the OpenAPI document. */
export const v3Operations = {
  'stats.get': {
    summary: 'Usage statistics and plan of the current billing period',
    request: StatsGetRequest,
    response: StatsGetResponse,
  },
} as const satisfies Record<string, OperationSpec>;

export type V3OperationName = keyof typeof v3Operations;

export function isV3Operation(name: string): name is V3OperationName {
  return Object.hasOwn(v3Operations, name);
}
