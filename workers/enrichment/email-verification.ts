import type { CompanyStore, PersonStore } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { MxLookup } from '../../adapters/email/mx.ts';
import type { EmailFacts } from '../../schemas/v2/email-verification.ts';

export type EmailVerificationContext = {
  persons: PersonStore;
  companies: CompanyStore;
  receivesMail: MxLookup;
  isDisposable(domain: string): boolean;
};

const INVALID: EmailFacts = { validSyntax: false, disposable: false, person: false, company: false, deliverable: false };

/** The v2 email verification: what Kith knows of the address and what DNS says of its domain, all at once. */
export function emailVerificationHandler(ctx: EmailVerificationContext): OperationHandler<'email.verification'> {
  return async (request) => {
    const check = request.body;
    if (!check.validSyntax) return { status: 200, body: INVALID };
    const [persons, company, deliverable] = await Promise.all([
      ctx.persons.personsByKeys(check.keys, 1),
      ctx.companies.byDomain(check.domain),
      ctx.receivesMail(check.domain),
    ]);
    const facts: EmailFacts = {
      validSyntax: true,
      disposable: ctx.isDisposable(check.domain),
      person: persons.size > 0,
      company: company !== undefined,
      deliverable: deliverable ?? null,
    };
    return { status: 200, body: facts };
  };
}
