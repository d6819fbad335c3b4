import { outcomeOf, type UsageRecorded } from '../schemas/events/usage-recorded.ts';
import type { BatchItemAnswer } from '../schemas/v3/batch.ts';
import { operationNamed, v3Operations } from './operations.ts';

/** One call as usage counts it. */
export type UsageCall = Pick<UsageRecorded, 'operation' | 'outcome'>;

const specOf = (operation: string) => operationNamed(v3Operations, operation);

/**
 * What an answer counts as in usage: one call of its operation with the answer's outcome; a batch answered
 * 200 counts one call of the single operation per request, each with the outcome of its own answer.
 */
export function usageCalls(operation: string, reply: { status: number; body?: unknown }): UsageCall[] {
  const spec = specOf(operation);
  if (spec?.batchOf && reply.status === 200) {
    const single = specOf(spec.batchOf) ?? {};
    return (reply.body as BatchItemAnswer[]).map((item) => ({ operation: spec.batchOf!, outcome: outcomeOf(item.status, single) }));
  }
  return [{ operation, outcome: outcomeOf(reply.status, spec ?? {}) }];
}

/**
 * The usage events of an answer's calls, all at `at`: the one builder of the ingress's (a synchronous answer,
 * ids random) and a worker's (a webhook answer, ids derived from the request: ./usage-event-id.ts).
 */
export const usageEventsOf = (accountId: string, calls: UsageCall[], at: string, idOf: (index: number) => string): UsageRecorded[] =>
  calls.map((call, index) => ({ eventId: idOf(index), accountId, ...call, at }));
