import { RecordTags, TagsCreateRequest } from '../../schemas/v3/tags.ts';
import type { OperationSpec } from './spec.ts';

/** tags.create: its request schema and ingress rules. Handled by identityHandlers, workers/identity/handlers.ts. */
export const tagsCreate = {
  summary: "Adds key/value tags to one of the account's records; answers every tag of the record",
  worker: 'identity',
  orderedBy: 'record',
  request: TagsCreateRequest,
  response: RecordTags,
  alsoAnswers: [404],
} as const satisfies OperationSpec;
