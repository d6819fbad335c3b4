import { CORRELATION_HEADER, type TopicNames } from '../../schemas/events/topics.ts';
import type { Bus, Consumer } from '../bus/port.ts';
import type { Logger } from '../logger.ts';
import type { ReplyInbox, ReplySender } from './port.ts';
import { decodeReply, encodeReply } from './reply-text.ts';
import { replyWaiters } from './waiters.ts';

/**
 * Replies over the bus (distributed mode): every ingress process reads a topic of its own, named after its
 * instance id, so a reply reaches the replica that is waiting for it. Replies carry person data: the topic
 * keeps them only `retentionMs`.
 */
export async function busReplyInbox(options: {
  bus: Bus;
  topics: TopicNames;
  instanceId: string;
  retentionMs: number;
  log: Logger;
}): Promise<ReplyInbox> {
  const address = options.topics.replies(options.instanceId);
  const waiters = replyWaiters();
  await options.bus.ensureTopics([{ name: address, partitions: 1, retentionMs: options.retentionMs }]);
  const consumer: Consumer = await options.bus.consume({
    groupId: options.topics.replyGroup(options.instanceId),
    topics: [address],
    async handle(message) {
      const correlationId = message.headers[CORRELATION_HEADER];
      const reply = decodeReply(message.value);
      if (!correlationId || !reply) {
        options.log.warn({ topic: address, offset: message.offset }, 'malformed reply dropped');
        return;
      }
      waiters.settle(correlationId, reply);
    },
  });
  return {
    address,
    expect: (correlationId) => waiters.expect(correlationId),
    close: () => consumer.stop(),
  };
}

export function busReplySender(bus: Bus): ReplySender {
  return {
    async send(address, correlationId, reply) {
      await bus.publish(address, [
        { key: correlationId, value: encodeReply(reply), headers: { [CORRELATION_HEADER]: correlationId } },
      ]);
    },
  };
}
