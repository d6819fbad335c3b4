import { emailHashTriple, normaliseMaid } from '../persons/normalise.ts';
import type { IdentityMapRequest } from '../../schemas/v3/identity.ts';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import { evidenceOf, referencesOf, type Evidence, type References } from '../matching/evidence.ts';

/** A key/value tag on a customer's record. */
export type Tag = { key: string; value: string };
/** An email of a record, as the audience file lists it: its three hashes (those known). */
export type RecordEmail = { md5: string | null; sha1: string | null; sha256: string | null };

/**
 * What the identity worker is sent: identifiers as lookup keys only (hashes for emails and phones), so that
 * clear contact data from requests does not travel on the bus, and the record's own ids and tags.
 */
export type RecordMapping = {
  recordId: string;
  partnerId: string | null;
  evidence: Evidence[];
  tags: Tag[];
  /** What an audience file lists of the record. */
  emails: RecordEmail[];
  maids: string[];
};
export type RecordQuery = { evidence: Evidence[]; references: References };

export const recordMappingOf = (body: IdentityMapRequest): RecordMapping => ({
  recordId: body.recordId,
  partnerId: body.partnerId?.trim() || null,
  evidence: evidenceOf(body),
  tags: body.tags ?? [],
  emails: [body.email, ...(body.emails ?? [])].flatMap((email) => (email?.trim() ? [emailHashTriple(email)] : [])),
  maids: [...new Set((body.maids ?? []).flatMap((maid) => normaliseMaid(maid) ?? []))],
});

export const recordQueryOf = (body: MultiFieldQuery): RecordQuery => ({ evidence: evidenceOf(body), references: referencesOf(body) });
