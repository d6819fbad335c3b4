import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { PendingReply } from './port.ts';

/** Correlation ids awaited by this process, and the replies that settle them. */
export function replyWaiters() {
  const waiting = new Map<string, (reply: OperationReply) => void>();
  return {
    expect(correlationId: string): PendingReply {
      let settle: (reply: OperationReply | undefined) => void = () => {};
      const arrived = new Promise<OperationReply | undefined>((resolve) => (settle = resolve));
      waiting.set(correlationId, settle);
      return {
        async wait(timeoutMs) {
          const timer = setTimeout(() => settle(undefined), timeoutMs);
          try {
            return await arrived;
          } finally {
            clearTimeout(timer);
            waiting.delete(correlationId);
          }
        },
      };
    },
    /** Hands a reply to its waiter; a reply nobody waits for any more (deadline passed) is dropped. */
    settle(correlationId: string, reply: OperationReply): void {
      waiting.get(correlationId)?.(reply);
    },
  };
}
