import type { OperationReply, RequestEnvelope, WebhookDress } from '../../schemas/events/operation-requested.ts';
import { v2PersonAnswer } from './person-answer.ts';

/**
 * How the worker runtime dresses a webhook answer for a call that came in another structure: a v2 person
 * lookup's webhook gets the v2 person structure, as its synchronous answer would have.
 */
export const WEBHOOK_DRESSES: Readonly<Record<WebhookDress, (reply: OperationReply, request: RequestEnvelope) => OperationReply>> = {
  'v2.person': (reply, request) => v2PersonAnswer(reply, request.webhook?.lookupKeys ?? [], request.requestId),
};
