import { z } from 'zod';
import { emailAddressParts } from '../../adapters/email/syntax.ts';
import { emailKeys } from '../../adapters/persons/normalise.ts';
import type { OperationSpec } from '../v3/operations.ts';

export const EmailVerificationRequest = z.object({ email: z.string().min(1).max(320) });
export type EmailVerificationRequest = z.infer<typeof EmailVerificationRequest>;

/**
 * What the enrichment worker is sent: the address's lookup keys (hashes) and its domain, never the address
 * itself (clear emails do not travel on the bus); nothing but the verdict when its syntax is wrong.
 */
export function emailCheckOf(body: EmailVerificationRequest) {
  const parts = emailAddressParts(body.email);
  return parts ? { validSyntax: true as const, keys: emailKeys(body.email), domain: parts.domain } : { validSyntax: false as const };
}
export type EmailCheck = ReturnType<typeof emailCheckOf>;

/** The worker's findings; the ingress puts them in the v2 structure with the address. */
export const EmailFacts = z.object({
  validSyntax: z.boolean(),
  disposable: z.boolean(),
  /** Kith holds a person with this email. */
  person: z.boolean(),
  /** Kith holds a company at this domain. */
  company: z.boolean(),
  /** From the domain's MX records; null when DNS did not answer in time. */
  deliverable: z.boolean().nullable(),
});
export type EmailFacts = z.infer<typeof EmailFacts>;

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
