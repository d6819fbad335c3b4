import type { PersonSubscription, SubscriptionStore } from '../../adapters/db/port.ts';
import type { OperationHandlers } from '../../adapters/dispatch/port.ts';
import type { SubscribeQuery } from '../../schemas/events/payloads.ts';
import { MAX_SUBSCRIPTIONS_PER_ACCOUNT } from '../../schemas/v3/subscriptions.ts';
import { NOT_FOUND } from '../shared/person-answer.ts';
import { findPerson, type Matching } from '../shared/find-person.ts';

const PAGE = 100;

/**
 * person.subscribe, person.unsubscribe and person.subscriptions. A subscription is to the person the query names
 * now (404 when nobody), or to every person of the account's own records; its id is the request's event id, so a
 * request handled twice subscribes once.
 */
export function subscriptionHandlers(matching: Matching, store: SubscriptionStore): OperationHandlers {
  const answerOf = (accountId: string, subscription: Pick<PersonSubscription, 'id' | 'personId' | 'webhookUrl'> & { createdAt?: string }) => ({
    subscriptionId: subscription.id,
    personId: subscription.personId === null ? null : matching.personIds.encode(accountId, subscription.personId),
    ...(subscription.personId === null && { ownRecords: true as const }),
    webhookUrl: subscription.webhookUrl,
    ...(subscription.createdAt && { createdAt: subscription.createdAt }),
  });
  /** The person the query names now, null for the account's own records; undefined when the query names nobody. */
  const subscribedTo = async (accountId: string, body: SubscribeQuery) => {
    if ('ownRecords' in body) return null;
    return (await findPerson(matching, { accountId, ...body.lookup }))?.id;
  };
  return {
    'person.subscribe': async (request) => {
      const personId = await subscribedTo(request.accountId, request.body);
      if (personId === undefined) return NOT_FOUND;
      const subscription = { id: request.eventId, accountId: request.accountId, personId, webhookUrl: request.body.webhookUrl };
      if (!(await store.create(subscription, MAX_SUBSCRIPTIONS_PER_ACCOUNT))) {
        const message = `Subscription limit reached: an account may hold ${MAX_SUBSCRIPTIONS_PER_ACCOUNT} subscriptions`;
        return { status: 403, body: { status: 403, message } };
      }
      return { status: 200, body: answerOf(request.accountId, subscription) };
    },
    'person.unsubscribe': async (request) => {
      const { subscriptionId } = request.body;
      if (!(await store.remove(request.accountId, subscriptionId))) {
        return { status: 404, body: { status: 404, message: `No subscription ${subscriptionId}` } };
      }
      return { status: 200, body: { status: 200, message: 'Unsubscribed' } };
    },
    'person.subscriptions': async (request) => {
      const { after, limit } = request.body;
      const page = await store.list(request.accountId, after ?? null, limit ?? PAGE);
      return {
        status: 200,
        body: {
          subscriptions: page.map((subscription) => answerOf(request.accountId, subscription)),
          next: page.length === (limit ?? PAGE) ? page.at(-1)!.id : null,
        },
      };
    },
  };
}
