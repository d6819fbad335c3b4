import { describe, expect, it } from 'vitest';
import type { Admission, Dispatcher } from '../../adapters/dispatch/port.ts';
import type { RequestEvent } from '../../schemas/events/operation-requested.ts';
import { statsOverDispatcher } from './stats.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
/** What the worker answers does not matter here: only whether it is asked. */
const REPLY = { status: 200, body: {} };

/** A dispatcher that keeps what it was asked and answers `reply`. */
function dispatcherAnswering(reply: { status: number; body: unknown }) {
  const asked: RequestEvent[] = [];
  const dispatcher: Dispatcher = {
    async dispatch(event) {
      asked.push(event);
      return reply;
    },
    send: () => Promise.reject(new Error('not used')),
    enqueue: () => Promise.reject(new Error('not used')),
  };
  return { dispatcher, asked };
}

describe("the console's stats", () => {
  it('asks the usage worker for stats.get when the admission takes it on', async () => {
    const { dispatcher, asked } = dispatcherAnswering(REPLY);
    const stats = statsOverDispatcher({ dispatcher, admission: () => undefined, clock: { now: () => NOW }, deadlineMs: 100 });
    await stats('account-1', 'req-1');
    expect(asked.map((event) => [event.operation, event.accountId])).toEqual([['stats.get', 'account-1']]);
  });

  it('shows no figures without asking while the usage worker is too far behind', async () => {
    const { dispatcher, asked } = dispatcherAnswering(REPLY);
    const behind: Admission = ({ operation }) => (operation === 'stats.get' ? 'usage behind' : undefined);
    const stats = statsOverDispatcher({ dispatcher, admission: behind, clock: { now: () => NOW }, deadlineMs: 100 });
    expect(await stats('account-1', 'req-1')).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
