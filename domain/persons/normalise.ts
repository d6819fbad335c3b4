import { hash } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js';
import { MD5, SHA256 } from '../../schemas/formats/hashes.ts';
import { normaliseEmail } from '../../schemas/formats/email.ts';
import { DEFAULT_PHONE_COUNTRY, isMobileNumber, phoneE164 } from '../../schemas/formats/phone.ts';
import type { IdentifierKey, IdentifierKind } from '../../schemas/events/payloads.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { personBlockingKeys, personEmailKeys, personNameKeys } from '../matching/blocking.ts';
import { birthdayOf } from '../matching/birthday.ts';
import { personFields } from '../matching/fields.ts';
import { householdKey, nameForms, namePlacekeyKeys } from './name-address.ts';

/**
 * Identifier normalisation, the same for stored persons and for lookups, so that a match needs only an
 * exact key: emails lower-cased and trimmed, then hashed (MD5 and SHA-256, so clear and hashed input meet);
 * phones in E.164, then hashed; MAIDs lower-cased; profiles by service+username, service+userid or canonical URL; a
 * name only together with a placekey (./name-address.ts). A name with an address is no exact key: its blocking
 * keys find the candidates that the matcher compares field by field (domain/matching/blocking.ts). An address
 * alone is a key too, of the household living there, which the matcher never weighs. A mobile's phone key is
 * also stored as `phone_mobile`, found by nobody: it tells the resolver that the phone is one person's
 * (domain/identity-graph/compare.ts), where a landline is a household's.
 */




export function emailHashes(email: string): { md5: string; sha256: string } {
  const value = email.trim().toLowerCase();
  return {
    md5: hash('md5', value, 'hex'),
    sha256: hash('sha256', value, 'hex'),
  };
}

/** An email's three hashes, as audience files list them; a hash given as input leaves the others unknown. */
export function emailHashTriple(input: string): { md5: string | null; sha1: string | null; sha256: string | null } {
  const value = input.trim().toLowerCase();
  if (MD5.test(value)) return { md5: value, sha1: null, sha256: null };
  if (SHA256.test(value)) return { md5: null, sha1: null, sha256: value };
  return { ...emailHashes(value), sha1: hash('sha1', value, 'hex') };
}

/** The keys an email matches by: clear text is hashed both ways; an MD5 or SHA-256 hex is taken as it is. */
export function emailKeys(input: string): IdentifierKey[] {
  const value = input.trim().toLowerCase();
  if (MD5.test(value)) return [{ kind: 'email_md5', value }];
  if (SHA256.test(value)) return [{ kind: 'email_sha256', value }];
  if (!normaliseEmail(value)) return [];
  const { md5, sha256 } = emailHashes(value);
  return [
    { kind: 'email_md5', value: md5 },
    { kind: 'email_sha256', value: sha256 },
  ];
}

const e164Key = (e164: string): IdentifierKey => ({ kind: 'phone_sha256', value: hash('sha256', e164, 'hex') });

/**
 * The lookup key of a phone: the SHA-256 of its E.164 form, so that neither the identifier table nor the
 * events between ingress and workers hold clear numbers.
 */
export function phoneKey(phone: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): IdentifierKey | undefined {
  const e164 = phoneE164(phone, defaultCountry);
  return e164 === undefined ? undefined : e164Key(e164);
}

/** A mobile advertising id (IDFA, GAID), lower-cased. */
export function normaliseMaid(maid: string): string | undefined {
  const value = maid.trim().toLowerCase();
  return value === '' ? undefined : value;
}

const HOST_ALIASES: Record<string, string> = { 'x.com': 'twitter.com', 'mobile.twitter.com': 'twitter.com' };

/**
 * A profile URL reduced to `host/path`: no scheme, `www.`, query, fragment or trailing slash, lower-cased
 * (`https://www.LinkedIn.com/in/Jane/?trk=x` and `linkedin.com/in/jane` are the same profile).
 */
export function canonicalProfileUrl(url: string): string | undefined {
  const match = /^\s*(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#\s]*@)?([^/?#:\s]+)(?::\d+)?([^?#\s]*)/i.exec(url);
  if (!match) return undefined;
  let host = match[1]!.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  host = HOST_ALIASES[host] ?? host;
  let path = match[2]!;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape stays as it is
    }
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return `${host}${path}`;
}

export type ProfileInput = { service?: string | null; username?: string | null; userid?: string | number | null; url?: string | null };

/** `service:username` (without a leading @, lower-cased), `service:userid` and the canonical URL. */
export function profileKeys(profile: ProfileInput, serviceName?: string): IdentifierKey[] {
  const keys: IdentifierKey[] = [];
  const service = (profile.service ?? serviceName ?? '').trim().toLowerCase();
  const username = profile.username?.trim().replace(/^@/, '').toLowerCase();
  const userid = profile.userid === null || profile.userid === undefined ? '' : String(profile.userid).trim();
  if (service && username) keys.push({ kind: 'profile_username', value: `${service}:${username}` });
  if (service && userid) keys.push({ kind: 'profile_userid', value: `${service}:${userid}` });
  const url = profile.url ? canonicalProfileUrl(profile.url) : undefined;
  if (url) keys.push({ kind: 'profile_url', value: url });
  return keys;
}

export const normaliseLiNonid = (value: string): string | undefined => value.trim() || undefined;
export const normalisePlacekey = (value: string): string | undefined => value.trim().toLowerCase() || undefined;

/**
 * The matcher's and the resolver's blocking keys of a person record (../matching/blocking.ts), as of
 * MATCH_KEYS_VERSION: stored persons keyed by an older version are keyed again by the identity workers.
 */
export function personMatchKeys(record: PersonRecord): string[] {
  const { names, places } = personFields(record);
  return [
    ...personBlockingKeys(names, places),
    ...personNameKeys(names, birthdayOf(record.details.age)),
    ...personEmailKeys(record.details.emails.map((email) => email.value)),
  ];
}

/** Every lookup key of a person record, normalised, without duplicates. */
export function personIdentifierKeys(
  record: PersonRecord,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): IdentifierKey[] {
  const keys: IdentifierKey[] = [];
  const add = (kind: IdentifierKind, value: string | undefined) => {
    if (value) keys.push({ kind, value });
  };
  const { details } = record;
  for (const email of details.emails) keys.push(...emailKeys(email.value));
  for (const phone of details.phones) {
    const e164 = phoneE164(phone.value, defaultCountry);
    if (e164 === undefined) continue;
    const { value } = e164Key(e164);
    add('phone_sha256', value);
    if (isMobileNumber(e164)) add('phone_mobile', value);
  }
  for (const [service, profile] of Object.entries(details.profiles)) keys.push(...profileKeys(profile, service));
  if (record.twitter) add('profile_url', canonicalProfileUrl(record.twitter));
  if (record.linkedin) add('profile_url', canonicalProfileUrl(record.linkedin));
  for (const maid of details.identifiers.maids) add('maid', normaliseMaid(maid.id));
  for (const nonid of details.identifiers.li_nonid) add('li_nonid', normaliseLiNonid(nonid));
  if (record.placekey) add('placekey', normalisePlacekey(record.placekey));
  for (const key of personMatchKeys(record)) add('match_block', key);
  for (const location of details.locations) add('address', householdKey(location));
  if (record.placekey) {
    const nameTexts = [...new Set([...nameForms(details.name ?? {}), ...nameForms({ full: record.fullName })])];
    for (const key of namePlacekeyKeys(nameTexts, record.placekey)) add('name_placekey', key);
  }
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = `${key.kind}\u0000${key.value}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
