import type { OperationReply, OperationRequested } from '../../schemas/events/operation-requested.ts';

/** Hands a request to the worker that owns its operation and waits for the reply. */
export interface Dispatcher {
  dispatch(request: OperationRequested): Promise<OperationReply>;
}

/** A worker's handler: a plain function from event to reply. */
export type OperationHandler = (request: OperationRequested) => Promise<OperationReply>;
