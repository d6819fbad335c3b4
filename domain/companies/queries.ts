import type { CompanyLookup, CompanySearchQuery } from '../../schemas/events/payloads.ts';
import { normaliseDomain } from '../../schemas/formats/domain-name.ts';
import type { CompanyEnrichRequest } from '../../schemas/v3/company-enrich.ts';
import type { CompanySearchRequest } from '../../schemas/v3/company-search.ts';

/** What the enrichment worker is sent: the domain as companies are keyed. */
export const companyLookupOf = (body: CompanyEnrichRequest): CompanyLookup => ({ domain: normaliseDomain(body.domain)! });

/** What the enrichment worker is sent: the search as the company data takes it (the webhook URL stays behind). */
export const companySearchOf = (body: CompanySearchRequest): CompanySearchQuery => ({
  name: body.companyName,
  sort: body.sort ?? 'traffic',
  ...(body.location && { location: body.location }),
  ...(body.locality && { locality: body.locality }),
  ...(body.region && { region: body.region }),
  ...(body.country && { country: body.country }),
});
