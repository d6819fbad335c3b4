import { hash } from 'node:crypto';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import { evidenceOf, queriedByHashedEmail, referencesOf, type Evidence, type References } from '../matching/evidence.ts';
import { plainWords } from '../matching/text.ts';

/** A part of a name or address as verify.match compares it: the SHA-256 of its plain words, never the clear text. */
export const claimHash = (value: string): string => hash('sha256', plainWords(value), 'hex');

const claimOf = (...values: Array<string | null | undefined>): string[] =>
  values.filter((value): value is string => !!value && plainWords(value) !== '').map(claimHash);

/** The name and address parts a verify.match query claims, hashed (several for a region: name and code). */
export type Claims = {
  givenName: string[];
  familyName: string[];
  city: string[];
  region: string[];
  country: string[];
  postalCode: string[];
};

/** What the worker gets for a verify request: the identifiers as lookup keys and the claims as hashes. */
export type VerifyQuery = { evidence: Evidence[]; references: References; claims: Claims; hashedQuery: boolean };

export const verifyQueryOf = (query: MultiFieldQuery): VerifyQuery => ({
  evidence: evidenceOf(query),
  references: referencesOf(query),
  claims: {
    givenName: claimOf(query.name?.given),
    familyName: claimOf(query.name?.family),
    city: claimOf(query.location?.city),
    region: claimOf(query.location?.region, query.location?.regionCode),
    country: claimOf(query.location?.country, query.location?.countryCode),
    postalCode: claimOf(query.location?.postalCode),
  },
  hashedQuery: queriedByHashedEmail(query),
});
