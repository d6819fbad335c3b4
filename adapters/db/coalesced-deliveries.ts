import { coalesced } from '../coalesced.ts';
import type { DeliveryClaim, DeliveryStore, FinishedAttempt, NewDelivery } from './port.ts';

/**
 * The delivery store, the delivery worker's writes coalesced (../coalesced.ts): it takes a partition's delivery
 * events at once and runs many attempts side by side, so under load the deliveries it stores, and the attempts it
 * logs, share a statement instead of each paying one. Each write is as atomic as alone: a failed statement fails
 * the writes it carried (their events are not committed, their claims lapse), and only those.
 */
export function coalescedDeliveryWrites(store: DeliveryStore): DeliveryStore {
  const enqueue = coalesced((deliveries: NewDelivery[]) => store.enqueueMany(deliveries), store.enqueue);
  const enqueueClaimed = coalesced(
    (claims: { delivery: NewDelivery; claim: DeliveryClaim }[]) => store.enqueueClaimedMany(claims),
    ({ delivery, claim }) => store.enqueueClaimed(delivery, claim),
  );
  const finish = coalesced(
    async (finished: FinishedAttempt[]) => {
      await store.finishMany(finished);
      return finished.map(() => undefined);
    },
    ({ deliveryId, attempt, next, now }) => store.finish(deliveryId, attempt, next, now),
  );
  return {
    ...store,
    enqueue,
    enqueueClaimed: (delivery, claim) => enqueueClaimed({ delivery, claim }),
    finish: (deliveryId, attempt, next, now) => finish({ deliveryId, attempt, next, now }),
  };
}
