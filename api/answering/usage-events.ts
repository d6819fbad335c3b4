import { randomUUID } from 'node:crypto';
import type { Bus } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Logger } from '../../adapters/logger.ts';
import { usageEventsOf, type UsageCall } from '../../domain/usage-calls.ts';
import type { UsageRecorded } from '../../schemas/events/usage-recorded.ts';

export type UsageEventsOptions = {
  bus: Bus;
  topic: string;
  clock: Clock;
  /** How long the events of an answer wait for those of the next answers, to be published together (default 5 ms). */
  lingerMs?: number;
};

export type UsageEvents = ReturnType<typeof usageEvents>;

/** Events published together at most: a batch this large goes at once. */
const MAX_BATCH_EVENTS = 1_000;

type Waiting = { accountId: string; events: UsageRecorded[]; log: Logger };

/**
 * Publishes the usage events of the ingress's answers (one per call), without holding the answer: the caller
 * never waits for usage. The events of the answers given within `lingerMs` go in one publish, so a busy ingress
 * publishes a batch every few milliseconds, not a message an answer (the embedded bus stores an account's batch in
 * one statement). A failed publish is logged, for each answer, with its events' ids. `drain` publishes what waits
 * and waits for what is being published (clean stop).
 */
export function usageEvents(options: UsageEventsOptions) {
  const lingerMs = options.lingerMs ?? 5;
  const inFlight = new Set<Promise<void>>();
  let waiting: Waiting[] = [];
  let waitingEvents = 0;
  let timer: NodeJS.Timeout | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    waitingEvents = 0;
    if (batch.length === 0) return;
    const messages = batch.flatMap(({ accountId, events }) => events.map((event) => ({ key: accountId, value: JSON.stringify(event) })));
    const published = options.bus
      .publish(options.topic, messages)
      .catch((error: unknown) => {
        for (const { events, log } of batch) log.error({ err: error, eventIds: events.map((event) => event.eventId) }, 'usage events not published');
      })
      .finally(() => inFlight.delete(published));
    inFlight.add(published);
  }

  return {
    publish(accountId: string, calls: UsageCall[], log: Logger): void {
      const events = usageEventsOf(accountId, calls, options.clock.now().toISOString(), () => randomUUID());
      waiting.push({ accountId, events, log });
      waitingEvents += events.length;
      if (waitingEvents >= MAX_BATCH_EVENTS) flush();
      else timer ??= setTimeout(flush, lingerMs);
    },
    async drain(): Promise<void> {
      flush();
      await Promise.all(inFlight);
    },
  };
}
