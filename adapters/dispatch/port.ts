import type { OPERATION_PAYLOADS, OperationName } from '../../schemas/events/operation-payloads.ts';
import type { PendingReply } from '../replies/port.ts';
import type {
  AnsweredReply,
  OperationReply,
  OperationRequestedOf,
  PayloadSchemas,
  RequestEvent,
  RequestOf,
} from '../../schemas/events/operation-requested.ts';

/** Hands a request to the worker that owns its operation and waits for the reply, up to a deadline. */
export interface Dispatcher {
  /** The reply, or undefined when the deadline passed first. Rejects with RetryableError when the bus is down. */
  dispatch(request: RequestEvent, deadline: Date): Promise<AnsweredReply | undefined>;
  /**
   * Hands a request to its worker; its reply is awaited through what this returns, for as long as the caller
   * likes (a lookup keeps waiting past its deadline, to keep the reply for the retry). Rejects as dispatch does.
   */
  send(request: RequestEvent): Promise<PendingReply>;
  /** Hands a request on without waiting for its answer (it goes to a webhook). Resolves once it is durable. */
  enqueue(request: RequestEvent): Promise<void>;
}

/**
 * Whether Kith takes a request on now: undefined, or why not (a queue it would join is too far behind:
 * docs/decisions.md, "Backpressure"). Asked before anything of the request is recorded or handed over.
 */
export type Admission = (request: { operation: string; accountId: string; toWebhook: boolean }) => string | undefined;

/** Every request taken on: no queue is watched. */
export const admitAll: Admission = () => undefined;

/** A worker's handler of one operation: a plain function from its event, its payload typed, to the reply. */
export type OperationHandler<Op extends OperationName> = (request: OperationRequestedOf<Op>) => Promise<OperationReply>;

/** A worker's handlers, by the operation each serves. */
export type OperationHandlers = HandlersFor<typeof OPERATION_PAYLOADS>;

/** Handlers of a contract's operations (Kith's, or a test's own), each typed by its operation's payload. */
export type HandlersFor<Payloads extends PayloadSchemas> = {
  readonly [Op in keyof Payloads & string]?: (request: RequestOf<Payloads, Op>) => Promise<OperationReply>;
};
