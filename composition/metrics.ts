import { Hono } from 'hono';
import { kafkaConsumerLag, type Subscription } from '../adapters/bus/kafka-lag.ts';
import type { Logger } from '../adapters/logger.ts';
import type { Metrics } from '../adapters/metrics/port.ts';
import { prometheusMetrics } from '../adapters/metrics/prometheus.ts';
import type { ApiEnv } from '../api/env.ts';
import { httpMetrics } from '../api/middleware/http-metrics.ts';
import { metricsRoutes } from '../api/routes/metrics.ts';
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

export type ProcessMetricsOptions = {
  kafkaBrokers: string[] | undefined;
  workers: readonly WorkerName[];
  topics: TopicNames;
  instanceId: string;
  log: Logger;
};

/**
 * This process's metrics, in a registry of its own. Worker processes on Kafka also report the lag of the
 * groups they consume in (the embedded bus has none to tell), read with an admin client closed by `close`.
 */
export function processMetrics(options: ProcessMetricsOptions): Metrics & { close(): Promise<void> } {
  const { kafkaBrokers, workers, topics, log } = options;
  const lag = kafkaBrokers && workers.length > 0 ? kafkaConsumerLag({ brokers: kafkaBrokers, clientId: `kith-${options.instanceId}-lag`, log }) : undefined;
  const subscriptions = workers.flatMap((name) => workerSubscriptions(name, topics));
  return {
    ...prometheusMetrics({ log, lag: lag && (() => lag.read(subscriptions)) }),
    close: async () => lag?.close(),
  };
}

/** KITH_METRICS_PORT's listener: GET /metrics and nothing else, on a port the public network does not reach. */
export function metricsOnlyApp(metrics: Pick<Metrics, 'http' | 'exposition'>) {
  return new Hono<ApiEnv>().use('*', httpMetrics({ metrics: metrics.http })).route('/', metricsRoutes(metrics));
}
