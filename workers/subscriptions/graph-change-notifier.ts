import { hash } from 'node:crypto';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { ClaimedGraphChange, SubscriptionStore } from '../../adapters/db/port.ts';
import type { PersonIdCodec } from '../../adapters/identity/person-ids.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import type { TopicNames } from '../../schemas/events/topics.ts';
import type { PersonGraphChanged } from '../../schemas/v3/subscriptions.ts';
import { startPeriodic } from '../runtime/periodic.ts';

const CLAIM = 100;

/** The kinds of change a subscriber hears of by webhook; a record moved between persons is on the bus only. */
const WEBHOOK_TYPES: Partial<Record<ClaimedGraphChange['kind'], PersonGraphChanged['type']>> = { merged: 'person.merged', split: 'person.split' };

export type GraphChangeNotifierParts = {
  store: SubscriptionStore;
  personIds: PersonIdCodec;
  bus: Bus;
  topics: TopicNames;
  clock: Clock;
  log: Logger;
  everyMs: number;
};

/** A merge or split as a subscriber's webhook: the person ids its account knows, before and after. */
function deliveriesOf(parts: GraphChangeNotifierParts, change: ClaimedGraphChange): DeliveryRequested[] {
  const type = WEBHOOK_TYPES[change.kind];
  if (!type) return [];
  return change.subscriptions.map((subscription) => {
    const accountIds = (ids: string[]) => ids.map((id) => parts.personIds.encode(subscription.accountId, id));
    const body: PersonGraphChanged = {
      type,
      subscriptionId: subscription.id,
      changedAt: change.changedAt,
      personIdsBefore: accountIds(change.before),
      personIdsAfter: accountIds(change.after),
    };
    return {
      deliveryId: `msg_${hash('sha256', `graph/${change.changeId}/${subscription.id}`, 'hex').slice(0, 32)}`,
      accountId: subscription.accountId,
      requestId: subscription.id,
      operation: type,
      url: subscription.webhookUrl,
      body: JSON.stringify(body),
      createdAt: parts.clock.now().toISOString(),
    };
  });
}

/**
 * Every `everyMs`, publishes the identity graph's changes the resolver recorded (its outbox) on the bus, and each
 * merge and split as a webhook to every account subscribed to a person it touched, through the delivery worker
 * (signed, retried, logged). A change is deleted once both are on the bus; a crash before that sends it again with
 * the same webhook-id, which receivers drop as duplicates.
 */
export function startGraphChangeNotifier(parts: GraphChangeNotifierParts): Consumer {
  async function notify(changes: ClaimedGraphChange[]) {
    const events = changes.map(({ subscriptions: _subscriptions, ...change }) => ({ key: change.after[0]!, value: JSON.stringify(change) }));
    await parts.bus.publish(parts.topics.graphChanges, events);
    const deliveries = changes.flatMap((change) => deliveriesOf(parts, change));
    if (deliveries.length > 0) {
      await parts.bus.publish(
        parts.topics.deliveries,
        deliveries.map((delivery) => ({ key: delivery.accountId, value: JSON.stringify(delivery) })),
      );
    }
  }
  const sweep = async () => {
    while ((await parts.store.claimGraphChanges(CLAIM, notify)) === CLAIM);
  };
  return startPeriodic(sweep, { everyMs: parts.everyMs, log: parts.log, failure: 'graph change notifications failed; trying again later' });
}
