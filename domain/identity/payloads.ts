import { emailHashTriple, normaliseMaid } from '../persons/normalise.ts';
import type { IdentityMapRequest } from '../../schemas/v3/identity.ts';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import { evidenceOf, referencesOf } from '../matching/evidence.ts';
import type { RecordMapping, RecordQuery } from '../../schemas/events/payloads.ts';


export const recordMappingOf = (body: IdentityMapRequest): RecordMapping => ({
  recordId: body.recordId,
  partnerId: body.partnerId?.trim() || null,
  evidence: evidenceOf(body),
  tags: body.tags ?? [],
  emails: [body.email, ...(body.emails ?? [])].flatMap((email) => (email?.trim() ? [emailHashTriple(email)] : [])),
  maids: [...new Set((body.maids ?? []).flatMap((maid) => normaliseMaid(maid) ?? []))],
});

export const recordQueryOf = (body: MultiFieldQuery): RecordQuery => ({ evidence: evidenceOf(body), references: referencesOf(body) });
