import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { createLogger } from '../../adapters/logger.ts';
import { usageEvents } from './usage-events.ts';

const log = createLogger('silent');
const call = { operation: 'person.enrich', outcome: 'match' } as const;

/** A bus that keeps each publish as it was made, and can be told to fail. */
function recordingBus() {
  const publishes: { topic: string; messages: BusMessage[] }[] = [];
  let failing = false;
  const bus = {
    publish: async (topic: string, messages: BusMessage[]) => {
      if (failing) throw new Error('bus away');
      publishes.push({ topic, messages });
    },
  } as unknown as Bus;
  return { bus, publishes, fail: () => (failing = true) };
}

describe('usageEvents', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('publishes the events of the answers given within the linger together, each keyed by its account', async () => {
    const { bus, publishes } = recordingBus();
    const usage = usageEvents({ bus, topic: 'k.usage', clock: systemClock, lingerMs: 5 });
    usage.publish('acc-a', [call], log);
    usage.publish('acc-b', [call, call], log);
    expect(publishes).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(5);
    expect(publishes).toHaveLength(1);
    expect(publishes[0]!.topic).toBe('k.usage');
    expect(publishes[0]!.messages.map((message) => message.key)).toEqual(['acc-a', 'acc-b', 'acc-b']);
    expect(JSON.parse(publishes[0]!.messages[1]!.value)).toMatchObject({ accountId: 'acc-b', operation: 'person.enrich', outcome: 'match' });

    usage.publish('acc-a', [call], log);
    await vi.advanceTimersByTimeAsync(5);
    expect(publishes).toHaveLength(2);
  });

  it('publishes a full batch at once, and what waits when drained', async () => {
    const { bus, publishes } = recordingBus();
    const usage = usageEvents({ bus, topic: 'k.usage', clock: systemClock, lingerMs: 60_000 });
    for (let i = 0; i < 1_000; i++) usage.publish('acc-a', [call], log);
    await vi.advanceTimersByTimeAsync(0);
    expect(publishes.map((publish) => publish.messages.length)).toEqual([1_000]);

    usage.publish('acc-a', [call], log);
    await usage.drain();
    expect(publishes.map((publish) => publish.messages.length)).toEqual([1_000, 1]);
  });

  it("logs a failed publish for each answer in the batch, with that answer's event ids", async () => {
    const { bus, fail } = recordingBus();
    fail();
    const usage = usageEvents({ bus, topic: 'k.usage', clock: systemClock, lingerMs: 5 });
    const logs = [createLogger('silent'), createLogger('silent')];
    const errors = logs.map((logger) => vi.spyOn(logger, 'error'));
    usage.publish('acc-a', [call], logs[0]!);
    usage.publish('acc-b', [call, call], logs[1]!);
    await usage.drain();
    expect(errors[0]).toHaveBeenCalledTimes(1);
    expect((errors[0]!.mock.calls[0]![0] as { eventIds: string[] }).eventIds).toHaveLength(1);
    expect((errors[1]!.mock.calls[0]![0] as { eventIds: string[] }).eventIds).toHaveLength(2);
  });
});
