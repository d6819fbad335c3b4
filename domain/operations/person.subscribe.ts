import { PersonSubscribeRequest, PersonSubscription } from '../../schemas/v3/subscriptions.ts';
import { subscribeQueryOf } from '../subscriptions/query.ts';
import type { OperationSpec } from './spec.ts';

/** person.subscribe: its request schema and ingress rules. Handled by subscriptionHandlers, workers/subscriptions/handlers.ts. */
export const personSubscribe = {
  summary: 'Subscribes webhookUrl to the person a person.enrich query names: each import that changes the person POSTs it there',
  worker: 'enrichment',
  keepsWebhookUrl: true,
  request: PersonSubscribeRequest,
  response: PersonSubscription,
  alsoAnswers: [403, 404],
  toWorker: subscribeQueryOf,
} as const satisfies OperationSpec;
