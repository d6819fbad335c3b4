import { randomUUID } from 'node:crypto';
import type { Bus } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Logger } from '../../adapters/logger.ts';
import { usageEventsOf, type UsageCall } from '../../domain/usage-calls.ts';

export type UsageEventsOptions = { bus: Bus; topic: string; clock: Clock };

export type UsageEvents = ReturnType<typeof usageEvents>;

/**
 * Publishes the usage events of the ingress's answers (one per call), without holding the answer: the caller
 * never waits for usage, and a failed publish is logged with the events' ids. `drain` waits for the events still
 * being published (clean stop).
 */
export function usageEvents(options: UsageEventsOptions) {
  const inFlight = new Set<Promise<void>>();
  return {
    publish(accountId: string, calls: UsageCall[], log: Logger): void {
      const events = usageEventsOf(accountId, calls, options.clock.now().toISOString(), () => randomUUID());
      const published = options.bus
        .publish(options.topic, events.map((event) => ({ key: accountId, value: JSON.stringify(event) })))
        .catch((error: unknown) => log.error({ err: error, eventIds: events.map((event) => event.eventId) }, 'usage events not published'))
        .finally(() => inFlight.delete(published));
      inFlight.add(published);
    },
    async drain(): Promise<void> {
      await Promise.all(inFlight);
    },
  };
}
