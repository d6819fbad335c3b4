import type { CompanyStore } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';

/** Candidates one search answers (docs/decisions.md, "company.enrich and company.search"). */
export const COMPANY_SEARCH_LIMIT = 10;

/** company.search: the companies whose name is like the query, in the asked order; 404 when none is. */
export function companySearchHandler(companies: CompanyStore): OperationHandler<'company.search'> {
  return async (request) => {
    const query = request.body;
    const candidates = await companies.search({ ...query, limit: COMPANY_SEARCH_LIMIT });
    if (candidates.length > 0) return { status: 200, body: candidates };
    return { status: 404, body: { status: 404, message: `No results found for the provided input of ${query.name}` } };
  };
}
