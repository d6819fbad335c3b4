import { createRequire } from 'node:module';

/** The part of kafkajs's private RequestQueue (one a broker connection) that the fix below touches. */
export type RequestQueueInternals = {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
};

/** How long kafkajs waits before it looks again at requests held back by its in-flight limit. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** The release whose RequestQueue has the timer loop; another release is left as it is. */
const FIXED_KAFKAJS_VERSION = '2.2.4';

const require = createRequire(import.meta.url);

/**
 * kafkajs 2.2.4 re-arms its request queue's timer every time that timer fires, whether or not a request is
 * waiting: with no throttling its delay is negative, so every broker connection runs a 1 ms timer for as long
 * as it is open (tulios/kafkajs#1556; the fix proposed in #1667 was never released, and 2.2.4 is the last
 * release). Measured here: 12% of the enrichment worker's CPU and 17–20% of each idle worker's went to it.
 *
 * The fix arms the timer only while a request waits: at the end of a throttle, or after the usual 10 ms
 * when the in-flight limit held it back (a response also sends waiting requests, as before). With nothing
 * waiting there is nothing to check: a new request is sent at once or arms the timer itself.
 */
function scheduleCheckPendingRequests(this: RequestQueueInternals) {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** kafkajs's RequestQueue class, for the fix and its test. */
export function kafkajsRequestQueue(): { prototype: RequestQueueInternals; new (options: object): RequestQueueInternals } {
  return require('kafkajs/src/network/requestQueue/index.js');
}

/** Puts the fix into kafkajs's RequestQueue, once per process; true when it is in. */
export function fixKafkajsRequestQueue(): boolean {
  const { version } = require('kafkajs/package.json') as { version: string };
  if (version !== FIXED_KAFKAJS_VERSION) return false;
  kafkajsRequestQueue().prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  return true;
}
