/** Topic names and message headers shared by the ingress and the workers. */
export const WORKER_NAMES = ['usage'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

/** Where the requests a worker handles are published, keyed by account. */
export const requestTopic = (worker: WorkerName) => `kith.requests.${worker}`;

/** Requests a worker could not handle (malformed, or failed for good), kept for an operator to look at. */
export const DEAD_LETTER_TOPIC = 'kith.dead-letter';

export const REPLY_TO_HEADER = 'reply-to';
export const CORRELATION_HEADER = 'correlation-id';
