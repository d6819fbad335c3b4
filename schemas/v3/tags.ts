import { z } from 'zod';
import { ONE_RECORD_REFERENCE } from './documented-rules.ts';

/** Limits of tags (docs/decisions.md, "Tags"). */
export const MAX_TAGS_PER_REQUEST = 100;
export const MAX_TAG_KEY_LENGTH = 100;
export const MAX_TAG_VALUE_LENGTH = 500;

export const Tag = z
  .object({
    key: z.string().trim().min(1, 'must not be empty').max(MAX_TAG_KEY_LENGTH),
    value: z.string().trim().min(1, 'must not be empty').max(MAX_TAG_VALUE_LENGTH),
  })
  .meta({ id: 'Tag' });

export const TagList = z.array(Tag).max(MAX_TAGS_PER_REQUEST, `at most ${MAX_TAGS_PER_REQUEST} tags a request`);

export const RecordId = z.string().trim().min(1, 'must not be empty').max(256).describe("The customer's own id of the record");

export const TagsCreateRequest = z
  .object({ recordId: RecordId, tags: TagList.min(1, 'give at least one tag') })
  .meta({ id: 'TagsCreateRequest' });

export const RecordTags = z
  .object({ recordId: z.string(), tags: z.array(Tag).describe('Every tag of the record') })
  .meta({ id: 'RecordTags' });

export const TagsGetRequest = z
  .object({ recordId: RecordId.nullish(), partnerId: RecordId.nullish() })
  .refine((body) => !!body.recordId !== !!body.partnerId, { message: 'give recordId or partnerId (one of them)', path: ['recordId'] })
  .meta({ id: 'TagsGetRequest', ...ONE_RECORD_REFERENCE });

export const TagsGetResponse = z
  .object({ recordId: z.string(), partnerId: z.string().nullable(), tags: z.array(Tag) })
  .meta({ id: 'TagsGetResponse' });

export const TagsDeleteRequest = z
  .object({
    recordId: RecordId,
    tags: TagList.nullish().describe('The tags to remove; absent or empty removes every tag of the record'),
  })
  .meta({ id: 'TagsDeleteRequest' });

export const StatusMessage = z
  .object({ status: z.number().int(), message: z.string() })
  .meta({ id: 'StatusMessage', description: 'HTTP 200 carrying {status: 204, message}, as the specification shows' });
