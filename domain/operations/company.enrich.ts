import { CompanyEnrichRequest, CompanyEnrichResponse } from '../../schemas/v3/company-enrich.ts';
import { companyLookupOf } from '../companies/queries.ts';
import type { OperationSpec } from './spec.ts';

/** The client contract's 202 for a company request with a webhook (person.enrich has a message of its own). */
export const companyWebhookAccepted = (url: string) => `Webhook request accepted and queued for search. Results will be POSTed to ${url}`;

/** company.enrich: its request schema and ingress rules. Handled by companyEnrichHandler, workers/enrichment/company-enrich.ts. */
export const companyEnrich = {
  summary: 'A company by its domain: the full company data, with the data add-ons of the plan',
  worker: 'enrichment',
  onDeadline: 'queue',
  webhook: true,
  webhookAccepted: companyWebhookAccepted,
  lookup: true,
  request: CompanyEnrichRequest,
  response: CompanyEnrichResponse,
  alsoAnswers: [202, 404, 422],
  toWorker: companyLookupOf,
} as const satisfies OperationSpec;
