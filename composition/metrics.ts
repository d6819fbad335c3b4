import { Hono } from 'hono';
import type { Bus } from '../adapters/bus/port.ts';
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

export type Subscription = { group: string; topic: string };

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
  workers: readonly WorkerName[];
  topics: TopicNames;
  /** How much a group has not worked of a topic: the bus's backlog, read at scrape time. */
  backlog: Bus['backlog'];
  log: Logger;
};

/**
 * This process's metrics, in a registry of its own. Worker processes also report the lag of the groups they
 * consume in.
 */
export function processMetrics(options: ProcessMetricsOptions): Metrics {
  const { workers, topics, backlog, log } = options;
  const subscriptions = workers.flatMap((name) => workerSubscriptions(name, topics));
  const lag = () => Promise.all(subscriptions.map(async ({ group, topic }) => ({ group, topic, lag: await backlog(group, topic) })));
  return prometheusMetrics({ log, lag: subscriptions.length > 0 ? lag : undefined });
}

/** KITH_METRICS_PORT's listener: GET /metrics and nothing else, on a port the public network does not reach. */
export function metricsOnlyApp(metrics: Pick<Metrics, 'http' | 'exposition'>) {
  return new Hono<ApiEnv>().use('*', httpMetrics({ metrics: metrics.http })).route('/', metricsRoutes(metrics));
}
