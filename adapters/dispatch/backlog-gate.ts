import type { Logger } from '../logger.ts';
import type { Admission } from './port.ts';

/** A queue of work, named by its topic, and how to read how much work it holds that is not yet worked. */
export type WatchedQueue = { topic: string; backlog(): Promise<number> };

export type BacklogGateOptions = {
  queues: readonly WatchedQueue[];
  /** The accounts with more than `limit` deliveries waiting in the delivery table for their first attempt. */
  accountsBehindOnDeliveries(limit: number): Promise<readonly string[]>;
  /** A queue holding more work than this is behind; so is an account with more deliveries waiting. */
  limit: number;
  /** How often the backlogs are read. */
  everyMs: number;
  log: Logger;
};

export type BacklogGate = {
  isBehind(topic: string): boolean;
  isAccountBehindOnDeliveries(accountId: string): boolean;
  stop(): void;
};

/**
 * Which queues, and which accounts' deliveries, are too far behind to take more work, read in the background
 * every `everyMs` (a request never waits for a reading). A reading that fails keeps the last state: the bus or
 * the database being away shows in the request itself.
 */
export function backlogGate(options: BacklogGateOptions): BacklogGate {
  const { limit, log } = options;
  const behind = new Set<string>();
  let accountsBehind = new Set<string>();
  let reading = false;
  async function readQueue({ topic, backlog: read }: WatchedQueue) {
    try {
      const backlog = await read();
      const isBehind = backlog > limit;
      if (isBehind === behind.has(topic)) return;
      if (isBehind) behind.add(topic);
      else behind.delete(topic);
      log.warn({ topic, backlog, limit }, isBehind ? 'queue behind: refusing new work for it' : 'queue caught up');
    } catch (error) {
      log.debug({ err: error, topic }, 'backlog reading failed');
    }
  }
  async function readAccounts() {
    try {
      const current = new Set(await options.accountsBehindOnDeliveries(limit));
      for (const accountId of current) if (!accountsBehind.has(accountId)) log.warn({ accountId, limit }, "deliveries behind: refusing the account's webhook requests");
      for (const accountId of accountsBehind) if (!current.has(accountId)) log.warn({ accountId }, "account's deliveries caught up");
      accountsBehind = current;
    } catch (error) {
      log.debug({ err: error }, 'deliveries backlog reading failed');
    }
  }
  async function read() {
    if (reading) return;
    reading = true;
    await Promise.all([...options.queues.map(readQueue), readAccounts()]);
    reading = false;
  }
  const timer = setInterval(() => void read(), options.everyMs);
  timer.unref();
  void read();
  return {
    isBehind: (topic) => behind.has(topic),
    isAccountBehindOnDeliveries: (accountId) => accountsBehind.has(accountId),
    stop: () => clearInterval(timer),
  };
}

/**
 * Refuses a request whose worker's queue is behind, and a webhook request also while the deliveries are, or while
 * its account's deliveries are: accepting it would only lengthen the wait of everything queued. An account's
 * deliveries wait behind its own (a receiver that is slow, or more requests than its share of the delivery worker),
 * so only its own webhook requests are refused for them.
 */
export function gatedAdmission(gate: BacklogGate, route: { topicFor(operation: string): string; deliveries: string }): Admission {
  return ({ operation, accountId, toWebhook }) => {
    if (gate.isBehind(route.topicFor(operation)) || (toWebhook && gate.isBehind(route.deliveries))) {
      return 'Kith has more requests queued than it can work right now; please retry in a moment';
    }
    if (toWebhook && gate.isAccountBehindOnDeliveries(accountId)) {
      return 'This account has more webhooks waiting to be delivered than Kith can deliver right now; please retry in a moment';
    }
    return undefined;
  };
}
