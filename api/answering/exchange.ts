import type { Context } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { Admission, Dispatcher } from '../../adapters/dispatch/port.ts';
import { operationNamed } from '../../domain/operations.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import { usageCalls, type UsageCall } from '../../domain/usage-calls.ts';
import type { AnsweredReply, RequestEvent } from '../../schemas/events/operation-requested.ts';
import { outcomeOf } from '../../schemas/events/usage-recorded.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { operationName } from '../operation-name.ts';
import { claimRequest, findClaim, type ClaimTerms } from './claims.ts';
import { requestFingerprint } from './fingerprint.ts';
import { keptReplyKey, keptReplyOf, type LookupOutcome } from './kept-replies.ts';
import type { LateReplies } from './late-replies.ts';
import type { UsageEvents } from './usage-events.ts';

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export type ExchangeOptions = {
  store: IdempotencyStore;
  dispatcher: Dispatcher;
  /** Whether a request is taken on now (the backlog gate). */
  admission: Admission;
  usage: UsageEvents;
  clock: Clock;
  /** The operations counted in usage, by name. */
  operations: Readonly<Record<string, OperationSpec>>;
  /** An Idempotency-Key's answer is kept 24 hours (by default); its unfinished claim is abandoned after a minute. */
  idempotencyKeys: ClaimTerms;
  /** A lookup's reply waits for the caller's retry this long; its unfinished claim is abandoned like a key's. */
  keptReplies: ClaimTerms;
  /** Where the replies of lookups past their deadline are awaited and kept. */
  lateReplies: LateReplies;
  /** How often a lookup waiting for an earlier call's reply looks again. */
  pollMs: number;
};

/**
 * One request's answering, from its claim to its usage: the one place that knows whether the answer was
 * replayed, which event went to the bus, whether the worker counts it, and what it counts as.
 * - **admit**: a request Kith cannot take on now is refused (503) before anything of it is recorded but its
 *   `Idempotency-Key`'s claim, which the refusal releases;
 * - **claim**: `Idempotency-Key` (claimIdempotencyKey), or a lookup's kept reply once it is past its deadline
 *   (lookup), both under the request's one fingerprint;
 * - **dispatch**: the event handed to the bus, or the one handed over before under the same key;
 * - **keep**: `finish` keeps the answer under the key, or releases it with the event it handed over;
 * - **replay**: an answer kept under the key, sent again and not counted again; or a lookup's kept reply, counted
 *   (that is when its match is delivered);
 * - **usage**: `finish` publishes one event per call, unless the answer went to a webhook (its worker counts it) or
 *   the request was refused as Kith is busy (like a call over the rate limit, it is not usage).
 */
export class Exchange {
  #operation: string;
  #fingerprint: string | undefined;
  /** The Idempotency-Key this request holds, once claimed. */
  #claimedKey: string | undefined;
  /** The event an earlier answer under the same Idempotency-Key handed to the bus before failing. */
  #handedOverBefore: RequestEvent | undefined;
  #handedOver: RequestEvent | undefined;
  #replayed = false;
  #refused = false;
  #countedByWorker = false;
  #reply: AnsweredReply | undefined;

  constructor(
    private readonly c: Context<ApiEnv>,
    private readonly options: ExchangeOptions,
  ) {
    this.#operation = operationName(c.req.path);
  }

  /** Counts the request as `operation` (a v2 call, whose path does not name the operation it stands for). */
  countAs(operation: string): void {
    this.#operation = operation;
  }

  /** Method, path, query and body as sent: computed once, for the key and the kept reply alike. */
  get fingerprint(): string {
    const { req } = this.c;
    return (this.#fingerprint ??= requestFingerprint({ method: req.method, path: req.path, query: req.query(), body: this.c.get('body') }));
  }

  /**
   * `Idempotency-Key` on POST, per account: the same key and request replay the first answer (returned here); the
   * same key with another request is 422; while the first is still being answered 409. Without the header, or
   * once claimed, undefined: the request goes on.
   */
  async claimIdempotencyKey(): Promise<Response | undefined> {
    const key = this.c.req.header('idempotency-key');
    if (key === undefined) return undefined;
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new ApiError(400, `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
    }
    const { store, clock, idempotencyKeys } = this.options;
    const claim = await claimRequest(store, clock, { accountId: this.c.get('accountId'), key, fingerprint: this.fingerprint }, idempotencyKeys);
    if (claim.kind === 'mismatch') throw new ApiError(422, 'Idempotency-Key was already used with a different request');
    if (claim.kind === 'in-flight') {
      throw new ApiError(409, 'A request with this Idempotency-Key is still being processed', { 'Retry-After': '1' });
    }
    if (claim.kind === 'completed') {
      this.#replayed = true;
      this.c.header('Idempotent-Replayed', 'true');
      return this.c.body(claim.answer.body, claim.answer.status as 200, { 'Content-Type': 'application/json' });
    }
    this.#claimedKey = key;
    if (claim.handedOver !== undefined) this.#handedOverBefore = JSON.parse(claim.handedOver) as RequestEvent;
    return undefined;
  }

  /**
   * Refuses, with 503 and `Retry-After`, a request for `operation` that Kith cannot take on now (its worker's queue,
   * or for a webhook the deliveries, too far behind): asked before anything of the request is recorded (its
   * Idempotency-Key, claimed first so that a replay is answered, is released by `finish`), so that a refused request
   * leaves nothing behind (an audience.create no audience holding a place of the plan's).
   */
  admit(operation: string, toWebhook: boolean): void {
    const refusal = this.options.admission({ operation, accountId: this.c.get('accountId'), toWebhook });
    if (refusal === undefined) return;
    this.#refused = true;
    throw new ApiError(503, refusal, { 'Retry-After': '1' });
  }

  /** Sends the request's event to its worker and waits for the reply until the deadline (none: it passed). */
  async dispatch(created: () => RequestEvent, deadline: Date): Promise<AnsweredReply | undefined> {
    const event = await this.#handOver(created);
    this.#reply = await this.options.dispatcher.dispatch(event, deadline);
    return this.#reply;
  }

  /** Hands the request on for a webhook answer, without waiting: its worker answers and counts it. */
  async enqueueForWebhook(created: () => Promise<RequestEvent>): Promise<RequestEvent> {
    const event = await this.#handOver(created);
    await this.options.dispatcher.enqueue(event);
    this.#countedByWorker = true;
    return event;
  }

  /**
   * A lookup that may answer 202 "queued, retry" (./kept-replies.ts): past its deadline its reply is kept under
   * the fingerprint for the retries (a deadline already passed, v2's `queue=1`, answers "queued" at once).
   */
  async lookup(input: { event: () => RequestEvent; deadline: Date }): Promise<LookupOutcome> {
    const { store, clock, dispatcher, keptReplies, lateReplies, pollMs } = this.options;
    const request = { accountId: this.c.get('accountId'), key: keptReplyKey(this.fingerprint), fingerprint: this.fingerprint };
    const outcome = await keptReplyOf({
      find: () => findClaim(store, clock, request, keptReplies),
      claim: () => claimRequest(store, clock, request, keptReplies),
      send: () => dispatcher.send(input.event()),
      keepLate: (pending) => lateReplies.keep(request.accountId, request.key, pending),
      clock,
      deadline: input.deadline,
      pollMs,
    });
    if (outcome.kind === 'answered') this.#reply = outcome.reply;
    return outcome;
  }

  /**
   * Once the answer is made (errors included): keeps it under the request's Idempotency-Key, or releases the key
   * when it is not to be kept (400, 5xx) with the event it handed over, which the retry sends again (the same
   * request and webhook ids, counted once), since the first may be worked all the same. Then counts it.
   */
  async finish(response: Response): Promise<void> {
    if (this.#claimedKey !== undefined) {
      const { store } = this.options;
      const accountId = this.c.get('accountId');
      if (response.status === 400 || response.status >= 500) {
        await store.release(accountId, this.#claimedKey, this.#handedOver && JSON.stringify(this.#handedOver));
      } else {
        await store.complete(accountId, this.#claimedKey, { status: response.status, body: await response.clone().text() });
      }
    }
    const calls = this.#usageCalls(response.status);
    if (calls.length > 0) this.options.usage.publish(this.c.get('accountId'), calls, this.c.get('log'));
  }

  /** The event to hand to the bus: the one handed over before under this Idempotency-Key, if any, or a new one. */
  async #handOver(created: () => RequestEvent | Promise<RequestEvent>): Promise<RequestEvent> {
    this.#handedOver = this.#handedOverBefore ?? (await created());
    return this.#handedOver;
  }

  /** A batch answered counts a call per request; a replay, a refusal, an unknown path or a webhook answer counts none here. */
  #usageCalls(status: number): UsageCall[] {
    const spec = operationNamed(this.options.operations, this.#operation);
    if (!spec || this.#replayed || this.#refused || this.#countedByWorker) return [];
    if (spec.batchOf && this.#reply) return usageCalls(this.#operation, this.#reply);
    return [{ operation: this.#operation, outcome: outcomeOf(status, spec) }];
  }
}
