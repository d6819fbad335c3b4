import { topicNames } from '../../schemas/events/topics.ts';

/** The distributed floor's topics: Kith's names under the run's prefix, its requests on a worker name of its own. */
export const floorTopics = (prefix: string) => {
  const names = topicNames(prefix);
  return { names, requests: `${prefix}.requests.floor`, workerGroup: `${prefix}-worker-floor` };
};

/** Partitions of the floor's request topic: Kith's default (KITH_TOPIC_PARTITIONS). */
export const FLOOR_PARTITIONS = 8;
