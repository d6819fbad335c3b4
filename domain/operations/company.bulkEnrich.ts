import { batchOf } from './batch-of.ts';
import { companyEnrich } from './company.enrich.ts';

/** company.bulkEnrich: its request schema and ingress rules. Handled by batchHandler over company.enrich's, workers/batch/batch-handler.ts. */
export const companyBulkEnrich = batchOf('company.enrich', companyEnrich, 'CompanyBulkEnrich');
