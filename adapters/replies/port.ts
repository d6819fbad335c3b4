import type { OperationReply } from '../../schemas/events/operation-requested.ts';

/** A reply the ingress is waiting for: register before publishing the request, so no reply can be missed. */
export type PendingReply = {
  /** The reply, or undefined when `timeoutMs` passed first. */
  wait(timeoutMs: number): Promise<OperationReply | undefined>;
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
