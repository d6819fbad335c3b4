import type { Clock } from '../../adapters/clock.ts';
import type { HeldClaim, IdempotencyClaim, StoredAnswer } from '../../adapters/db/port.ts';
import type { PendingReply } from '../../adapters/replies/port.ts';
import { textReply, type AnsweredReply } from '../../schemas/events/operation-requested.ts';


export type LookupOutcome = { kind: 'answered'; reply: AnsweredReply } | { kind: 'queued' };

/** What begins the key a lookup's kept reply lives under, beside the Idempotency-Keys of the same account. */
export const KEPT_REPLY_PREFIX = 'queued:';

export const keptReplyKey = (fingerprint: string) => `${KEPT_REPLY_PREFIX}${fingerprint}`;

export const isKeptReplyKey = (key: string) => key.startsWith(KEPT_REPLY_PREFIX);

/** A kept reply, sent as the text that was stored (the same bytes `c.json` would make of the parsed body). */
const asReply = (answer: StoredAnswer) => textReply(answer.status, answer.body);

export type KeptLookup = {
  /** What holds the lookup's kept-reply key (its kept reply, an earlier call in flight), or undefined. */
  find(): Promise<HeldClaim | undefined>;
  /** Claims the key: done only once the lookup is past its deadline. */
  claim(): Promise<IdempotencyClaim>;
  /** Hands the lookup to its worker. */
  send(): Promise<PendingReply>;
  /** Keeps the reply still to come under the claimed key, for the retry (./late-replies.ts). */
  keepLate(pending: PendingReply): void;
  clock: Clock;
  deadline: Date;
  pollMs: number;
};

/**
 * A lookup that may answer 202 "queued, retry": worked and answered without writing anything when its reply comes
 * in time. Past the deadline its key is claimed and the reply kept when it comes: the retry (same account and
 * fingerprint) gets the kept reply, and a retry made before it comes waits for it instead of sending it again.
 */
export async function keptReplyOf(lookup: KeptLookup): Promise<LookupOutcome> {
  for (;;) {
    const held = await lookup.find();
    if (held === undefined) return sendAndWait(lookup);
    if (held.kind === 'completed') return { kind: 'answered', reply: asReply(held.answer) };
    // In flight (an earlier call's reply still to come): wait for it until our own deadline.
    if (lookup.clock.now().getTime() + lookup.pollMs > lookup.deadline.getTime()) return { kind: 'queued' };
    await new Promise((resolve) => setTimeout(resolve, lookup.pollMs));
  }
}

async function sendAndWait(lookup: KeptLookup): Promise<LookupOutcome> {
  const pending = await lookup.send();
  // A deadline passed already (v2's `queue=1` sets none) answers "queued", even when the reply came meanwhile.
  const remainingMs = lookup.deadline.getTime() - lookup.clock.now().getTime();
  const reply = remainingMs > 0 ? await pending.wait(remainingMs) : undefined;
  if (reply) {
    pending.forget();
    return { kind: 'answered', reply };
  }
  let claim: IdempotencyClaim;
  try {
    claim = await lookup.claim();
  } catch (error) {
    pending.forget();
    throw error;
  }
  if (claim.kind === 'claimed') lookup.keepLate(pending);
  else pending.forget(); // another call of the same lookup claimed it first: its reply is the one kept
  return claim.kind === 'completed' ? { kind: 'answered', reply: asReply(claim.answer) } : { kind: 'queued' };
}
