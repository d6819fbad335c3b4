import { hash } from 'node:crypto';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { SubscribedChange, SubscriptionStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import type { TopicNames } from '../../schemas/events/topics.ts';
import type { PersonChanged } from '../../schemas/v3/subscriptions.ts';
import { personAnswerFor } from '../shared/person-answer.ts';
import { startPeriodic } from '../runtime/periodic.ts';
import type { Matching } from '../shared/find-person.ts';

const CLAIM = 100;

export type NotifierParts = {
  store: SubscriptionStore;
  matching: Matching;
  bus: Bus;
  topics: TopicNames;
  clock: Clock;
  log: Logger;
  everyMs: number;
};

/**
 * Every `everyMs`, turns the changes the import recorded for subscribed persons into webhooks: each subscriber
 * gets the person as person.enrich would answer that account, through the delivery worker (signed, retried).
 * A change is deleted once its webhooks are on the bus; a crash before that sends them again with the same
 * webhook-id (derived from the change and the subscription), which receivers drop as duplicates.
 */
export function startSubscriptionNotifier(parts: NotifierParts): Consumer {
  async function deliveriesOf(change: SubscribedChange): Promise<DeliveryRequested[]> {
    const [person] = await parts.matching.persons.byIds([change.personId]);
    if (!person) return [];
    return Promise.all(
      change.subscriptions.map(async (subscription) => {
        const body: PersonChanged = {
          subscriptionId: subscription.id,
          changedAt: change.changedAt,
          person: await personAnswerFor(parts.matching, subscription.accountId, person),
        };
        return {
          deliveryId: `msg_${hash('sha256', `${change.changeId}/${subscription.id}`, 'hex').slice(0, 32)}`,
          accountId: subscription.accountId,
          requestId: subscription.id,
          operation: 'person.subscribe',
          url: subscription.webhookUrl,
          body: JSON.stringify(body),
          createdAt: parts.clock.now().toISOString(),
        };
      }),
    );
  }

  async function notify(changes: SubscribedChange[]) {
    const deliveries = (await Promise.all(changes.map(deliveriesOf))).flat();
    await parts.bus.publish(
      parts.topics.deliveries,
      deliveries.map((delivery) => ({ key: delivery.accountId, value: JSON.stringify(delivery) })),
    );
  }

  const sweep = async () => {
    while ((await parts.store.claimChanges(CLAIM, notify)) === CLAIM);
  };
  return startPeriodic(sweep, { everyMs: parts.everyMs, log: parts.log, failure: 'subscription notifications failed; trying again later' });
}
