import { hash } from 'node:crypto';
import type { MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import { evidenceOf, queriedByHashedEmail, referencesOf } from '../matching/evidence.ts';
import type { VerifyQuery } from '../../schemas/events/payloads.ts';
import { plainWords } from '../matching/text.ts';

/** A part of a name or address as verify.match compares it: the SHA-256 of its plain words, never the clear text. */
export const claimHash = (value: string): string => hash('sha256', plainWords(value), 'hex');

const claimOf = (...values: Array<string | null | undefined>): string[] =>
  values.filter((value): value is string => !!value && plainWords(value) !== '').map(claimHash);


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
