/** Topic and consumer-group names and message headers shared by the ingress and the workers. */
export const WORKER_NAMES = ['usage', 'delivery', 'enrichment', 'identity', 'consent', 'audience'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

export type TopicNames = ReturnType<typeof topicNames>;

/**
 * Every name starts with a prefix (`KITH_TOPIC_PREFIX`, default `kith`), so that several Kith deployments,
 * or test runs, can share one Kafka cluster without reading each other's events.
 */
export function topicNames(prefix: string) {
  return {
    /** Where the requests a worker handles are published, keyed by account. */
    requests: (worker: WorkerName) => `${prefix}.requests.${worker}`,
    workerGroup: (worker: WorkerName) => `${prefix}-worker-${worker}`,
    /** Where the replies for one ingress process go. */
    replies: (instanceId: string) => `${prefix}.replies.${instanceId}`,
    replyGroup: (instanceId: string) => `${prefix}-replies-${instanceId}`,
    /** One event per answered v3 request, keyed by account, counted by the usage worker. */
    usage: `${prefix}.usage`,
    usageWriterGroup: `${prefix}-usage-writer`,
    /** Webhooks to deliver, keyed by account, taken into the delivery table by the delivery worker. */
    deliveries: `${prefix}.deliveries`,
    deliveryGroup: `${prefix}-delivery-intake`,
    /** The identity graph's merges, splits and moves (docs/identity-graph.md, "Change feed"), keyed by the person after. */
    graphChanges: `${prefix}.graph-changes`,
    /** Requests a worker could not handle (malformed, or failed for good), kept for an operator to look at. */
    deadLetter: `${prefix}.dead-letter`,
  };
}

export const REPLY_TO_HEADER = 'reply-to';
export const CORRELATION_HEADER = 'correlation-id';
