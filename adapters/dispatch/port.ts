import type { OperationReply, OperationRequested } from '../../schemas/events/operation-requested.ts';

/** Hands a request to the worker that owns its operation and waits for the reply, up to a deadline. */
export interface Dispatcher {
  /** The reply, or undefined when the deadline passed first. Rejects with RetryableError when the bus is down. */
  dispatch(request: OperationRequested, deadline: Date): Promise<OperationReply | undefined>;
  /** Hands a request on without waiting for its answer (it goes to a webhook). Resolves once it is durable. */
  enqueue(request: OperationRequested): Promise<void>;
}

/** A worker's handler: a plain function from event to reply. */
export type OperationHandler = (request: OperationRequested) => Promise<OperationReply>;
