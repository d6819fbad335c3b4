import type { ConsentGiven, ConsentSubjectQuery, ConsentVerifyQuery } from '../../schemas/events/payloads.ts';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import type { PermissionCreateRequest } from '../../schemas/v3/permission.ts';
import { evidenceOf, lookupKeys } from '../matching/evidence.ts';


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
