import { PersonEnrichRequest, PersonEnrichResponse } from '../../schemas/v3/person-enrich.ts';
import { personLookupOf } from '../matching/evidence.ts';
import type { OperationSpec } from './spec.ts';

/** person.enrich: its request schema and ingress rules. Handled by personEnrichHandler, workers/enrichment/person-enrich.ts. */
export const personEnrich = {
  summary: 'A person from any identifying input: emails (clear or hashed), phones, profiles, MAIDs, name with address',
  worker: 'enrichment',
  onDeadline: 'queue',
  webhook: true,
  lookup: true,
  request: PersonEnrichRequest,
  response: PersonEnrichResponse,
  alsoAnswers: [202, 404],
  toWorker: personLookupOf,
} as const satisfies OperationSpec;
