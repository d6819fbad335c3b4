import { CompanySearchRequest, CompanySearchResponse } from '../../schemas/v3/company-search.ts';
import { companySearchOf } from '../companies/queries.ts';
import type { OperationSpec } from './spec.ts';
import { companyWebhookAccepted } from './company.enrich.ts';

/** company.search: its request schema and ingress rules. Handled by companySearchHandler, workers/enrichment/company-search.ts. */
export const companySearch = {
  summary: 'Companies by name, optionally in a place: candidates whose lookupDomain company.enrich takes',
  worker: 'enrichment',
  onDeadline: 'queue',
  webhook: true,
  webhookAccepted: companyWebhookAccepted,
  lookup: true,
  request: CompanySearchRequest,
  response: CompanySearchResponse,
  alsoAnswers: [202, 404],
  toWorker: companySearchOf,
} as const satisfies OperationSpec;
