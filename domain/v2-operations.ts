import { emailAddressParts } from '../schemas/formats/email.ts';
import { EmailFacts, EmailVerificationRequest } from '../schemas/v2/email-verification.ts';
import type { EmailCheck } from '../schemas/events/payloads.ts';
import type { OperationSpec } from './operations/spec.ts';
import { emailKeys } from './persons/normalise.ts';

/**
 * What the enrichment worker is sent: the address's lookup keys (hashes) and its domain, never the address
 * itself (clear emails do not travel on the bus); nothing but the verdict when its syntax is wrong.
 */
export function emailCheckOf(body: EmailVerificationRequest): EmailCheck {
  const parts = emailAddressParts(body.email);
  return parts ? { validSyntax: true as const, keys: emailKeys(body.email), domain: parts.domain } : { validSyntax: false as const };
}

/** Operations that only the v2 APIs ask for: routed to their worker like v3's, but served at no v3 path. */
export const v2Operations = {
  'email.verification': {
    summary: 'Email verification: syntax, disposable domain, person and company known, MX deliverability',
    worker: 'enrichment',
    // Kept and answered again like the lookups: v2's queue=1 gets 202 at once, not a 503 its clients retry.
    onDeadline: 'queue',
    request: EmailVerificationRequest,
    response: EmailFacts,
    alsoAnswers: [202],
    toWorker: emailCheckOf,
  },
} as const satisfies Record<string, OperationSpec>;
