import type { Subscription } from '../adapters/bus/kafka-lag.ts';
import type { TopicNames, WorkerName } from '../schemas/events/topics.ts';

/** Every process has a reply topic of its own: one label for all of them keeps the label's values bounded. */
export function topicLabel(topics: TopicNames): (topic: string) => string {
  const replies = topics.replies('');
  return (topic) => (topic.startsWith(replies) ? replies.slice(0, -1) : topic);
}

/** The consumer groups a worker role consumes in, with their topics: whose lag its /metrics reports. */
export function workerSubscriptions(name: WorkerName, topics: TopicNames): Subscription[] {
  switch (name) {
    case 'usage':
      return [
        { group: topics.workerGroup(name), topic: topics.requests(name) },
        { group: topics.usageWriterGroup, topic: topics.usage },
      ];
    case 'delivery':
      return [{ group: topics.deliveryGroup, topic: topics.deliveries }];
    default:
      return [{ group: topics.workerGroup(name), topic: topics.requests(name) }];
  }
}
