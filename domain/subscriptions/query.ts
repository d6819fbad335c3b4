import type { PersonSubscribeRequest } from '../../schemas/v3/subscriptions.ts';
import { personLookupOf, type PersonLookup } from '../matching/evidence.ts';

/** What the worker gets for person.subscribe: the query as lookup keys, and where changes go. */
export type SubscribeQuery = { lookup: PersonLookup; webhookUrl: string };

export const subscribeQueryOf = (body: PersonSubscribeRequest): SubscribeQuery => ({ lookup: personLookupOf(body), webhookUrl: body.webhookUrl! });
