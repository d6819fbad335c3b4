import type { Clock } from '../../adapters/clock.ts';
import type { IdempotencyClaim, StoredAnswer } from '../../adapters/db/port.ts';
import type { OperationReply } from '../../schemas/events/operation-requested.ts';

/** A reply, with the JSON text of its body when it is a kept one: what the worker stored, ready to send. */
export type AnsweredReply = OperationReply & { json?: string };

export type LookupOutcome = { kind: 'answered'; reply: AnsweredReply } | { kind: 'queued' };

/** The key a lookup's kept reply lives under, beside the Idempotency-Keys of the same account. */
export const keptReplyKey = (fingerprint: string) => `queued:${fingerprint}`;

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

export type KeptLookup = {
  /** Claims the lookup's kept-reply key. */
  claim(): Promise<IdempotencyClaim>;
  /** Gives the claim up, so that a retry sends the lookup again. */
  release(): Promise<void>;
  /** Hands the lookup to its worker (with the key the worker keeps its reply under): its reply, or none yet. */
  dispatch(): Promise<OperationReply | undefined>;
  clock: Clock;
  deadline: Date;
  pollMs: number;
};

/**
 * A lookup that may answer 202 "queued, retry": the same request (same account and fingerprint) is sent to a
 * worker once; while it is being worked on, a retry waits for its reply instead of sending it again, and once
 * answered a retry gets the kept reply.
 */
export async function keptReplyOf(lookup: KeptLookup): Promise<LookupOutcome> {
  for (;;) {
    const claimed = await lookup.claim();
    if (claimed.kind === 'completed') return { kind: 'answered', reply: asReply(claimed.answer) };
    if (claimed.kind === 'claimed') {
      let reply: OperationReply | undefined;
      try {
        reply = await lookup.dispatch();
      } catch (error) {
        // Never handed on (the bus away, the queue behind): a retry must send it, not wait for it.
        await lookup.release();
        throw error;
      }
      return reply ? { kind: 'answered', reply } : { kind: 'queued' };
    }
    // In flight (from an earlier call): wait for its reply until our own deadline.
    if (lookup.clock.now().getTime() + lookup.pollMs > lookup.deadline.getTime()) return { kind: 'queued' };
    await new Promise((resolve) => setTimeout(resolve, lookup.pollMs));
  }
}
