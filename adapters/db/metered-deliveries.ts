import type { DeliveryAttemptOutcome, DeliveryMetrics } from '../metrics/port.ts';
import type { DeliveryAfterAttempt, DeliveryStore } from './port.ts';

const OUTCOMES: Record<DeliveryAfterAttempt['status'], DeliveryAttemptOutcome> = {
  delivered: 'delivered',
  pending: 'retry',
  failed: 'gave_up',
  gone: 'gone',
};

/** What a finished attempt counts as: the state it moves its delivery to. */
export function attemptOutcome(next: DeliveryAfterAttempt): DeliveryAttemptOutcome {
  return OUTCOMES[next.status];
}

/** The delivery store, counting every attempt it logs by what the attempt led to. */
export function meteredDeliveries(store: DeliveryStore, metrics: DeliveryMetrics): DeliveryStore {
  return {
    enqueue: (delivery) => store.enqueue(delivery),
    enqueueMany: (deliveries) => store.enqueueMany(deliveries),
    enqueueClaimed: (delivery, claim) => store.enqueueClaimed(delivery, claim),
    enqueueClaimedMany: (claims) => store.enqueueClaimedMany(claims),
    claimDue: (input) => store.claimDue(input),
    accountsAwaitingFirstAttempt: (now, over) => store.accountsAwaitingFirstAttempt(now, over),
    async finish(deliveryId, attempt, next, now) {
      await store.finish(deliveryId, attempt, next, now);
      metrics.attempted(attemptOutcome(next));
    },
    async finishMany(finished) {
      await store.finishMany(finished);
      for (const { next } of finished) metrics.attempted(attemptOutcome(next));
    },
    list: (accountId, options) => store.list(accountId, options),
    get: (deliveryId) => store.get(deliveryId),
    replay: (deliveryId, now) => store.replay(deliveryId, now),
    replayFailedSince: (accountId, since, now) => store.replayFailedSince(accountId, since, now),
    sweep: (before) => store.sweep(before),
  };
}
