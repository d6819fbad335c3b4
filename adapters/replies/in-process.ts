import type { ReplyInbox, ReplySender } from './port.ts';
import { replyWaiters } from './waiters.ts';

const ADDRESS = 'in-process';

/** Replies inside one process (embedded mode): nothing to persist, a reply is only useful to its waiter. */
export function inProcessReplies(): ReplyInbox & ReplySender {
  const waiters = replyWaiters();
  return {
    address: ADDRESS,
    expect: (correlationId) => waiters.expect(correlationId),
    async send(address, correlationId, reply) {
      if (address === ADDRESS) waiters.settle(correlationId, reply);
    },
    async close() {},
  };
}
