import type { PersonSubscription, SubscriptionStore } from '../../adapters/db/port.ts';
import type { OperationHandlers } from '../../adapters/dispatch/port.ts';
import { MAX_SUBSCRIPTIONS_PER_ACCOUNT } from '../../schemas/v3/subscriptions.ts';
import { NOT_FOUND } from '../shared/person-answer.ts';
import { findPerson, type Matching } from '../shared/find-person.ts';

const PAGE = 100;

/**
 * person.subscribe, person.unsubscribe and person.subscriptions. A subscription is to the person the query names
 * now (404 when nobody); its id is the request's event id, so a request handled twice subscribes once.
 */
export function subscriptionHandlers(matching: Matching, store: SubscriptionStore): OperationHandlers {
  const answerOf = (accountId: string, subscription: Pick<PersonSubscription, 'id' | 'personId' | 'webhookUrl'> & { createdAt?: string }) => ({
    subscriptionId: subscription.id,
    personId: matching.personIds.encode(accountId, subscription.personId),
    webhookUrl: subscription.webhookUrl,
    ...(subscription.createdAt && { createdAt: subscription.createdAt }),
  });
  return {
    'person.subscribe': async (request) => {
      const { lookup, webhookUrl } = request.body;
      const person = await findPerson(matching, { accountId: request.accountId, ...lookup });
      if (!person) return NOT_FOUND;
      const subscription = { id: request.eventId, accountId: request.accountId, personId: person.id, webhookUrl };
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
