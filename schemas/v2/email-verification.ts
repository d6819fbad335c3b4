import { z } from 'zod';

export const EmailVerificationRequest = z.object({ email: z.string().min(1).max(320) });
export type EmailVerificationRequest = z.infer<typeof EmailVerificationRequest>;

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
