import { TagsGetRequest, TagsGetResponse } from '../../schemas/v3/tags.ts';
import type { OperationSpec } from './spec.ts';

/** tags.get: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const tagsGet = {
  summary: 'Every tag of a record, by recordId or partnerId',
  worker: 'identity',
  request: TagsGetRequest,
  response: TagsGetResponse,
  alsoAnswers: [404],
} as const satisfies OperationSpec;
