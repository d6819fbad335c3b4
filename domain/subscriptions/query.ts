import type { PersonSubscribeRequest } from '../../schemas/v3/subscriptions.ts';
import { personLookupOf } from '../matching/evidence.ts';
import type { SubscribeQuery } from '../../schemas/events/payloads.ts';

export const subscribeQueryOf = (body: PersonSubscribeRequest): SubscribeQuery =>
  body.ownRecords ? { ownRecords: true, webhookUrl: body.webhookUrl! } : { lookup: personLookupOf(body), webhookUrl: body.webhookUrl! };
