import { z } from 'zod';
import { V2_PERSON_KEYS } from '../v2/person-keys.ts';
import type { OPERATION_PAYLOADS, OperationName } from './operation-payloads.ts';

/**
 * What every request event carries beside its operation and payload (./operation-payloads.ts). Workers answer
 * the event with an OperationReply.
 */
const Envelope = z.object({
  eventId: z.uuid(),
  requestId: z.string(),
  accountId: z.uuid(),
  query: z.record(z.string(), z.string()),
  receivedAt: z.iso.datetime(),
  /**
   * Set for changes that must apply in order (domain/operations/spec.ts, `orderedBy`): the bus key (so they share a partition)
   * and the key under which the worker handles them one after another.
   */
  orderKey: z.string().optional(),
  /** Set for operations that create something (domain/operations/spec.ts, `creates`): its id, recorded by the ingress. */
  createdId: z.uuid().optional(),
  /**
   * Set when the caller gave a `webhookUrl`: the worker's answer is delivered there (as `deliveryId`, the
   * webhook-id) instead of being replied.
   */
  webhook: z
    .object({
      url: z.url(),
      deliveryId: z.string(),
      /** The answer delivered in another structure than the operation's: a v2 call's (schemas/v2). */
      dress: z.enum(['v2.person']).optional(),
      /** Which lookup keys the v2 call gave (their names only: v2's likelihood depends on them). */
      lookupKeys: z.array(z.enum(V2_PERSON_KEYS)).optional(),
    })
    .optional(),
});
export type RequestEnvelope = z.infer<typeof Envelope>;

/** The envelope with any operation and body: the first of decodeRequest's two checks. */
const UncheckedRequest = Envelope.extend({ operation: z.string(), body: z.unknown() });
export type WebhookDress = NonNullable<NonNullable<RequestEnvelope['webhook']>['dress']>;

/** The payload schema of each operation a worker takes: Kith's contract (./operation-payloads.ts), or a test's. */
export type PayloadSchemas = Readonly<Record<string, z.ZodType>>;

/** A request of operation `Op` of a contract, its payload typed. */
export type RequestOf<Payloads extends PayloadSchemas, Op extends keyof Payloads & string> = RequestEnvelope & {
  operation: Op;
  body: z.output<Payloads[Op]>;
};

/** A request of any operation of a contract: a union discriminated by `operation`, so that a check of it types the body. */
export type AnyRequestOf<Payloads extends PayloadSchemas> = { [Op in keyof Payloads & string]: RequestOf<Payloads, Op> }[keyof Payloads & string];

/** A request of one of Kith's operations as the ingress hands it on: authenticated, validated, identifiers reduced to keys. */
export type OperationRequestedOf<Op extends OperationName> = RequestOf<typeof OPERATION_PAYLOADS, Op>;

/**
 * A request event as the ingress publishes it: the registry makes its payload (domain/operations.ts), and the
 * worker checks it against the operation's schema when it reads it (`decodeRequest`).
 */
export type RequestEvent = AnyRequestOf<PayloadSchemas>;

/**
 * A request event read off the bus, checked once: the envelope, then the payload against its operation's schema.
 * Unknown fields are dropped, so an event from a newer ingress (a field added) reads here too; what cannot be
 * read comes back as the problem, naming the field.
 */
export function decodeRequest<Payloads extends PayloadSchemas>(
  text: string,
  payloads: Payloads,
): { request: AnyRequestOf<Payloads> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  const envelope = UncheckedRequest.safeParse(value);
  if (!envelope.success) return { problem: issueText(envelope.error) };
  const { operation, body } = envelope.data;
  if (!Object.hasOwn(payloads, operation)) return { problem: `unknown operation ${JSON.stringify(operation.slice(0, 100))}` };
  const payload = payloads[operation]!.safeParse(body);
  if (!payload.success) return { problem: `${operation}: ${issueText(payload.error, 'body')}` };
  // The payload was just checked against the schema of the operation it is paired with.
  return { request: { ...envelope.data, operation, body: payload.data } as AnyRequestOf<Payloads> };
}

const issueText = (error: z.ZodError, under?: string) => {
  const issue = error.issues[0]!;
  return `${[under, ...issue.path].filter((part) => part !== undefined).join('.') || 'event'}: ${issue.message}`;
};

/** What a worker answers: the HTTP status and JSON body the caller will get. */
export const OperationReply = z.object({
  status: z.number().int(),
  body: z.unknown(),
});
export type OperationReply = z.infer<typeof OperationReply>;

/**
 * A reply with the JSON text of its body when it came as text (off the bus, or kept for a retry): the ingress sends
 * that text as it is, and parses it only if something reads `body`.
 */
export type AnsweredReply = OperationReply & { json?: string };

/** A reply whose body is the JSON text `json`, parsed the first time `body` is read. */
export function textReply(status: number, json: string): AnsweredReply {
  let parsed: unknown;
  return {
    status,
    json,
    get body() {
      return (parsed ??= JSON.parse(json));
    },
  };
}
