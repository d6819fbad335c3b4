import type { AnsweredReply, OperationReply } from '../../schemas/events/operation-requested.ts';

/**
 * A reply the ingress is waiting for: register before publishing the request, so no reply can be missed. It is
 * awaited until `forget` (a reply that comes later is dropped).
 */
export type PendingReply = {
  /** The reply, or undefined when `timeoutMs` passed first or it was forgotten; it may be awaited again. */
  wait(timeoutMs: number): Promise<AnsweredReply | undefined>;
  /** Stops waiting: waits in progress end with undefined. */
  forget(): void;
};

/** The ingress side of request-reply. */
export interface ReplyInbox {
  /** Where workers send replies for this process; travels in the request's `reply-to` header. */
  readonly address: string;
  expect(correlationId: string): PendingReply;
  close(): Promise<void>;
}

/** The worker side of request-reply. */
export interface ReplySender {
  send(address: string, correlationId: string, reply: OperationReply): Promise<void>;
}
