import type { Clock } from '../adapters/clock.ts';
import type { IdempotencyStore, StoredAnswer } from '../adapters/db/port.ts';
import type { OperationReply } from '../schemas/events/operation-requested.ts';

export type QueuedResultsOptions = {
  store: IdempotencyStore;
  clock: Clock;
  /** How long a worker's reply waits for the caller's retry. */
  ttlSeconds: number;
  /** After this an unanswered request counts as lost and a retry sends it again. */
  lockSeconds: number;
  pollMs?: number;
};

/** A reply, with the JSON text of its body when it is a kept one: what the worker stored, ready to send. */
export type AnsweredReply = OperationReply & { json?: string };

export type LookupOutcome = { kind: 'answered'; reply: AnsweredReply } | { kind: 'queued' };

/**
 * A kept reply whose body is parsed only when something reads it: the v3 route sends the stored text as it is,
 * the same bytes `c.json` would make of the parsed body, without parsing and serialising it again.
 */
function asReply(answer: StoredAnswer): AnsweredReply {
  let parsed: unknown;
  return {
    status: answer.status,
    json: answer.body,
    get body() {
      return (parsed ??= JSON.parse(answer.body));
    },
  };
}

/**
 * Lookups that may answer 202 "queued, retry": the same request (same account and fingerprint) is sent to a
 * worker once; while it is being worked on, a retry waits for its reply instead of sending it again, and once
 * answered a retry gets the kept reply. The keys live beside Idempotency-Key's, prefixed `queued:`.
 */
export function queuedResults(options: QueuedResultsOptions) {
  const pollMs = options.pollMs ?? 50;

  async function claim(accountId: string, key: string, fingerprint: string) {
    const now = options.clock.now();
    return options.store.claim({
      accountId,
      key,
      requestHash: fingerprint,
      now,
      expiredBefore: new Date(now.getTime() - options.ttlSeconds * 1000),
      abandonedBefore: new Date(now.getTime() - options.lockSeconds * 1000),
    });
  }

  return {
    async lookup(input: {
      accountId: string;
      fingerprint: string;
      deadline: Date;
      dispatch(resultKey: string): Promise<OperationReply | undefined>;
    }): Promise<LookupOutcome> {
      const key = `queued:${input.fingerprint}`;
      for (;;) {
        const claimed = await claim(input.accountId, key, input.fingerprint);
        if (claimed.kind === 'completed') return { kind: 'answered', reply: asReply(claimed.answer) };
        if (claimed.kind === 'claimed') {
          let reply: OperationReply | undefined;
          try {
            reply = await input.dispatch(key);
          } catch (error) {
            // Never handed on (the bus away, the queue behind): a retry must send it, not wait for it.
            await options.store.release(input.accountId, key);
            throw error;
          }
          return reply ? { kind: 'answered', reply } : { kind: 'queued' };
        }
        // In flight (from an earlier call): wait for its reply until our own deadline.
        if (options.clock.now().getTime() + pollMs > input.deadline.getTime()) return { kind: 'queued' };
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}
