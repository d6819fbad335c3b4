import { PersonSubscriptionsRequest, PersonSubscriptionsResponse } from '../../schemas/v3/subscriptions.ts';
import type { OperationSpec } from './spec.ts';

/** person.subscriptions: its request schema and ingress rules. Handled by subscriptionHandlers, workers/subscriptions/handlers.ts. */
export const personSubscriptions = {
  summary: "The account's person subscriptions, oldest first, a page at a time",
  worker: 'enrichment',
  request: PersonSubscriptionsRequest,
  response: PersonSubscriptionsResponse,
} as const satisfies OperationSpec;
