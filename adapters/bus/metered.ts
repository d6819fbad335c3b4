import type { BusMetrics } from '../metrics/port.ts';
import type { Bus } from './port.ts';

export type MeteredBusOptions = {
  metrics: BusMetrics;
  /** The topic's label: names made per process (reply topics) collapse to one, to keep label values bounded. */
  topicLabel?: (topic: string) => string;
};

/**
 * The bus, counting what is published and what consumers handle, per topic: a decorator at the port, so the
 * Kafka and the embedded bus are counted alike and neither knows about metrics.
 */
export function meteredBus(bus: Bus, options: MeteredBusOptions): Bus {
  const label = options.topicLabel ?? ((topic: string) => topic);
  const { metrics } = options;
  return {
    ensureTopics: (topics) => bus.ensureTopics(topics),
    async publish(topic, messages) {
      await bus.publish(topic, messages);
      metrics.produced(label(topic), messages.length);
    },
    consume: (consumer) =>
      bus.consume({
        ...consumer,
        async handle(message) {
          await consumer.handle(message);
          metrics.consumed(label(message.topic));
        },
      }),
    backlog: (groupId, topic) => bus.backlog(groupId, topic),
    close: () => bus.close(),
  };
}
