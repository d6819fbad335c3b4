import { PersonUnsubscribeRequest } from '../../schemas/v3/subscriptions.ts';
import { StatusMessage } from '../../schemas/v3/tags.ts';
import type { OperationSpec } from './spec.ts';

/** person.unsubscribe: its request schema and ingress rules. Handled by subscriptionHandlers, workers/subscriptions/handlers.ts. */
export const personUnsubscribe = {
  summary: 'Ends a subscription',
  worker: 'enrichment',
  request: PersonUnsubscribeRequest,
  response: StatusMessage,
  alsoAnswers: [404],
} as const satisfies OperationSpec;
