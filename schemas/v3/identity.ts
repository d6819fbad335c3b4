import { z } from 'zod';
import { RECORD_RULE, RESOLVE_RULE } from './documented-rules.ts';
import { checkMultiField, givesIdentifier, multiFieldShape, type MultiFieldQuery } from './multi-field.ts';
import { RecordId, Tag, TagList } from './tags.ts';

const issue = (ctx: z.RefinementCtx, path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });

/** identity.map and identity.mapResolve: a record of the customer's, with its identifiers and tags. */
export const IdentityMapRequest = z
  .object({
    ...multiFieldShape,
    recordId: RecordId,
    tags: TagList.nullish(),
    generatePid: z.boolean().nullish().describe('Accepted for the official clients; person ids are always made'),
  })
  .superRefine((body, ctx) => {
    checkMultiField(body as MultiFieldQuery, ctx);
    if (body.personId) issue(ctx, ['personId'], 'a person id cannot be mapped: give the identifiers of the record');
    if (!givesIdentifier(body as MultiFieldQuery, { references: false })) {
      issue(ctx, [], 'give at least one identifier of the record besides recordId and partnerId');
    }
  })
  .meta({ id: 'IdentityMapRequest', ...RECORD_RULE });
export type IdentityMapRequest = z.infer<typeof IdentityMapRequest>;

export const IdentityMapResponse = z
  .object({ recordIds: z.array(z.string()), tags: z.array(Tag).optional().describe('The tags given, when some were') })
  .meta({ id: 'IdentityMapResponse' });

/** identity.resolve: by identifiers, recordId, personId or partnerId (recordId and personId not together). */
export const IdentityResolveRequest = z
  .object({
    ...multiFieldShape,
    tags: z.array(z.unknown()).nullish().describe('Accepted for the Java client, which always sends it'),
    generatePid: z.boolean().nullish().describe('Accepted for the Java client'),
  })
  .superRefine((body, ctx) => {
    checkMultiField(body as MultiFieldQuery, ctx);
    if (body.recordId && body.personId) issue(ctx, ['personId'], 'give recordId or personId, not both');
  })
  .meta({ id: 'IdentityResolveRequest', ...RESOLVE_RULE });

export const IdentityResolveResponse = z
  .object({
    recordIds: z.array(z.string()),
    personIds: z.array(z.string()),
    partnerIds: z.array(z.string()),
    tags: z.record(z.string(), z.array(Tag)).optional().describe('With ?tags=true: the tags of each record, by recordId'),
  })
  .meta({ id: 'IdentityResolveResponse' });

export const IdentityDeleteRequest = z.object({ recordId: RecordId }).meta({ id: 'IdentityDeleteRequest' });

/** identity.delete answers HTTP 204 with no body. */
export const NoContent = z.null().meta({ id: 'NoContent', description: 'HTTP 204: no body' });
