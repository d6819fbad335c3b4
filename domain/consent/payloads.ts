import type { IdentifierKey } from '../persons/normalise.ts';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import type { PermissionCreateRequest } from '../../schemas/v3/permission.ts';
import { evidenceOf, lookupKeys } from '../matching/evidence.ts';

/** A purpose consented to (or withdrawn) on channels, for ttl seconds (null: no end). */
export type ConsentPurposeGiven = { purposeId: number; channel: string[]; ttl: number | null; enabled: boolean };

/**
 * What the consent worker is sent: the individual's identifiers as lookup keys only (hashes for emails and
 * phones: consent never stores or carries them in clear), and the consent given.
 */
export type ConsentGiven = {
  keys: IdentifierKey[];
  purposes: ConsentPurposeGiven[];
  details: Record<string, string | null>;
  timestamp: number | null;
};
export type ConsentSubjectQuery = { keys: IdentifierKey[] };
export type ConsentVerifyQuery = ConsentSubjectQuery & { purposeId: number; channel: string };

const keysOf = (query: MultiFieldQuery) => lookupKeys(evidenceOf(query));

export const consentGivenOf = (body: PermissionCreateRequest): ConsentGiven => ({
  keys: keysOf(body.query),
  purposes: body.consentPurposes.map((purpose) => ({ ...purpose, ttl: purpose.ttl ?? null })),
  details: {
    locale: body.locale ?? null,
    ipAddress: body.ipAddress ?? null,
    language: body.language ?? null,
    collectionMethod: body.collectionMethod,
    collectionLocation: body.collectionLocation,
    policyUrl: body.policyUrl,
    termsService: body.termsService,
    tcf: body.tcf ?? null,
  },
  timestamp: body.timestamp ?? null,
});

export const consentSubjectOf = (query: MultiFieldQuery): ConsentSubjectQuery => ({ keys: keysOf(query) });

export const consentVerifyOf = (body: { query: MultiFieldQuery; purposeId: number; channel: string }): ConsentVerifyQuery => ({
  keys: keysOf(body.query),
  purposeId: body.purposeId,
  channel: body.channel,
});
