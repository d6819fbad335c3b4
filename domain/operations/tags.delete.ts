import { StatusMessage, TagsDeleteRequest } from '../../schemas/v3/tags.ts';
import type { OperationSpec } from './spec.ts';

/** tags.delete: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const tagsDelete = {
  summary: 'Removes the given tags of a record, or all of them when none are given',
  worker: 'identity',
  orderedBy: 'record',
  request: TagsDeleteRequest,
  response: StatusMessage,
  alsoAnswers: [404],
} as const satisfies OperationSpec;
