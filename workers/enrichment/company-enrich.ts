import type { AccountStore, CompanyStore } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { presentCompany } from '../../domain/companies/present.ts';

export type CompanyEnrichContext = { companies: CompanyStore; accounts: AccountStore };

/**
 * company.enrich: the company of the domain (normalised by the ingress), with the data add-ons of the
 * account's plan; 404 with the client contract's reasonCode when Kith knows no company there.
 */
export function companyEnrichHandler(ctx: CompanyEnrichContext): OperationHandler<'company.enrich'> {
  return async (request) => {
    const { domain } = request.body;
    const [company, account] = await Promise.all([ctx.companies.byDomain(domain), ctx.accounts.get(request.accountId)]);
    if (!company) {
      const message = `The domain ${domain} does not appear to be registered.`;
      return { status: 404, body: { status: 404, message, requestId: request.requestId, reasonCode: 'NOT_REGISTERED' } };
    }
    return { status: 200, body: presentCompany(company.document, company.updated, account?.plan.dataAddOns ?? []) };
  };
}
