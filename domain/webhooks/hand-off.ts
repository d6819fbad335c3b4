import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import type { OperationReply, RequestEnvelope } from '../../schemas/events/operation-requested.ts';
import { WEBHOOK_DRESSES } from '../v2/webhook-dresses.ts';

type WebhookRequest = RequestEnvelope & { operation: string; webhook: NonNullable<RequestEnvelope['webhook']> };

/**
 * What a worker hands the delivery worker for a request that asked for a webhook: the answer's body as the
 * synchronous call would have answered it (a 404 included, and a v2 call's in the v2 structure), under the
 * delivery id the ingress answered with its 202.
 */
export function webhookDeliveryOf(request: WebhookRequest, result: OperationReply, createdAt: string): DeliveryRequested {
  const { webhook } = request;
  const answer = webhook.dress ? WEBHOOK_DRESSES[webhook.dress](result, request) : result;
  return {
    deliveryId: webhook.deliveryId,
    accountId: request.accountId,
    requestId: request.requestId,
    operation: request.operation,
    url: webhook.url,
    body: JSON.stringify(answer.body),
    createdAt,
  };
}
