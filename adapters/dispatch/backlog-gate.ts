import { BusyError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Dispatcher } from './port.ts';

/** A queue of work, named by its topic, and how to read how much work it holds that is not yet worked. */
export type WatchedQueue = { topic: string; backlog(): Promise<number> };

export type BacklogGateOptions = {
  queues: readonly WatchedQueue[];
  /** A queue holding more work than this is behind. */
  limit: number;
  /** How often the backlogs are read. */
  everyMs: number;
  log: Logger;
};

export type BacklogGate = { isBehind(topic: string): boolean; stop(): void };

/**
 * Which queues are too far behind to take more work, read in the background every `everyMs` (a request never
 * waits for a reading). A reading that fails keeps the queue's last state: the bus being away shows in the
 * publish itself.
 */
export function backlogGate(options: BacklogGateOptions): BacklogGate {
  const behind = new Set<string>();
  let reading = false;
  async function readOne({ topic, backlog: read }: WatchedQueue) {
    try {
      const backlog = await read();
      const isBehind = backlog > options.limit;
      if (isBehind === behind.has(topic)) return;
      if (isBehind) behind.add(topic);
      else behind.delete(topic);
      options.log.warn({ topic, backlog, limit: options.limit }, isBehind ? 'queue behind: refusing new work for it' : 'queue caught up');
    } catch (error) {
      options.log.debug({ err: error, topic }, 'backlog reading failed');
    }
  }
  async function read() {
    if (reading) return;
    reading = true;
    await Promise.all(options.queues.map(readOne));
    reading = false;
  }
  const timer = setInterval(() => void read(), options.everyMs);
  timer.unref();
  void read();
  return { isBehind: (topic) => behind.has(topic), stop: () => clearInterval(timer) };
}

/**
 * The dispatcher, refusing with BusyError (503, Retry-After) a request whose worker's queue is behind, and a
 * webhook request also while the deliveries are: accepting it would only lengthen the wait of everything queued.
 */
export function gatedDispatcher(dispatcher: Dispatcher, gate: BacklogGate, route: { topicFor(operation: string): string; deliveries: string }): Dispatcher {
  function admit(operation: string, toWebhook: boolean) {
    const topic = route.topicFor(operation);
    if (gate.isBehind(topic) || (toWebhook && gate.isBehind(route.deliveries))) {
      throw new BusyError('Kith has more requests queued than it can work right now; please retry in a moment', { context: { topic } });
    }
  }
  return {
    async dispatch(request, deadline) {
      admit(request.operation, false);
      return dispatcher.dispatch(request, deadline);
    },
    async enqueue(request) {
      admit(request.operation, request.webhook !== undefined);
      return dispatcher.enqueue(request);
    },
  };
}
