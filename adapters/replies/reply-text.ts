import { decodeEvent } from '../../schemas/events/decode.ts';
import { OperationReply, textReply, type AnsweredReply } from '../../schemas/events/operation-requested.ts';

/** How `encodeReply` begins a reply that has a body, the status in its three digits. */
const WITH_BODY = /^\{"status":(\d{3}),"body":/;

/** A reply as it travels on the bus: `{"status":…,"body":…}`, the status first. */
export function encodeReply(reply: OperationReply): string {
  return JSON.stringify({ status: reply.status, body: reply.body });
}

/**
 * A reply read off the bus, or undefined when the text is no reply. What `encodeReply` wrote is not parsed: its body is
 * the text between the status and the closing brace (./reply-text.test.ts). Anything else is decoded whole.
 */
export function decodeReply(text: string): AnsweredReply | undefined {
  const head = WITH_BODY.exec(text);
  if (!head || !text.endsWith('}')) return decodeEvent(OperationReply, text);
  return textReply(Number(head[1]), text.slice(head[0].length, -1));
}
