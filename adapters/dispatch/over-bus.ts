import type { RequestEvent } from '../../schemas/events/operation-requested.ts';
import { CORRELATION_HEADER, REPLY_TO_HEADER } from '../../schemas/events/topics.ts';
import type { Bus } from '../bus/port.ts';
import type { Clock } from '../clock.ts';
import type { ReplyInbox } from '../replies/port.ts';
import type { Dispatcher } from './port.ts';

/**
 * Publishes the request to its worker's topic and (unless it goes to a webhook) waits for the reply in this
 * process's inbox. The publish counts against the deadline. A change that must apply in order is keyed by its
 * order key; anything else by its own event id, so that one account's requests spread over every partition and
 * every worker replica instead of queueing on one.
 */
export function busDispatcher(options: {
  bus: Bus;
  inbox: ReplyInbox;
  clock: Clock;
  topicFor(operation: string): string;
}): Dispatcher {
  const publish = (request: RequestEvent, headers: Record<string, string> = {}) =>
    options.bus.publish(options.topicFor(request.operation), [
      { key: request.orderKey ?? request.eventId, value: JSON.stringify(request), headers },
    ]);
  async function send(request: RequestEvent) {
    const pending = options.inbox.expect(request.eventId);
    try {
      await publish(request, { [REPLY_TO_HEADER]: options.inbox.address, [CORRELATION_HEADER]: request.eventId });
    } catch (error) {
      pending.forget();
      throw error;
    }
    return pending;
  }
  return {
    enqueue: (request) => publish(request),
    send,
    async dispatch(request, deadline) {
      const pending = await send(request);
      try {
        return await pending.wait(Math.max(0, deadline.getTime() - options.clock.now().getTime()));
      } finally {
        pending.forget();
      }
    },
  };
}
