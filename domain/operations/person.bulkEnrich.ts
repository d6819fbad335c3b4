import { batchOf } from './batch-of.ts';
import { personEnrich } from './person.enrich.ts';

/** person.bulkEnrich: its request schema and ingress rules. Handled by batchHandler over person.enrich's, workers/batch/batch-handler.ts. */
export const personBulkEnrich = batchOf('person.enrich', personEnrich, 'PersonBulkEnrich');
