import type { AnsweredReply } from '../../schemas/events/operation-requested.ts';
import type { PendingReply } from './port.ts';

/** Correlation ids awaited by this process, and the replies that settle them. */
export function replyWaiters() {
  const waiting = new Map<string, (reply: AnsweredReply) => void>();
  return {
    expect(correlationId: string): PendingReply {
      let settle: (reply: AnsweredReply | undefined) => void = () => {};
      // Settled once: by the reply, or by forget (undefined), which also ends the waits in progress.
      const arrived = new Promise<AnsweredReply | undefined>((resolve) => (settle = resolve));
      waiting.set(correlationId, (reply) => {
        waiting.delete(correlationId);
        settle(reply);
      });
      return {
        async wait(timeoutMs) {
          let timer: NodeJS.Timeout | undefined;
          const timedOut = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, timeoutMs, undefined)));
          try {
            return await Promise.race([arrived, timedOut]);
          } finally {
            clearTimeout(timer);
          }
        },
        forget() {
          waiting.delete(correlationId);
          settle(undefined);
        },
      };
    },
    /** Hands a reply to its waiter; a reply nobody waits for any more is dropped. */
    settle(correlationId: string, reply: AnsweredReply): void {
      waiting.get(correlationId)?.(reply);
    },
  };
}
