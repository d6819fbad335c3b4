import { describe, expect, it } from 'vitest';
import { isMd5, isSha256 } from '../../schemas/formats/hashes.ts';
import { normaliseEmail } from '../../schemas/formats/email.ts';
import { isMobileNumber, phoneE164 } from '../../schemas/formats/phone.ts';
import { PersonRecord } from '../../schemas/data/person-record.ts';
import { MATCH_KEYS_VERSION, personEmailKeys } from '../matching/blocking.ts';
import {
  canonicalProfileUrl,
  emailHashes,
  emailKeys,
  normaliseMaid,
  personIdentifierKeys,
  personMatchKeys,
  phoneKey,
  profileKeys,
} from './normalise.ts';

describe('emails', () => {
  it('hashes the lower-cased, trimmed address', () => {
    expect(emailHashes('  Test@Example.COM ')).toEqual(emailHashes('test@example.com'));
  });
  it('matches known digests', () => {
    expect(emailHashes('test@example.com')).toEqual({
      md5: '55502f40dc8b7c769880b10874abc9d0',
      sha256: '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b',
    });
  });
  it('recognises hashed input and keys it as it is', () => {
    const { md5, sha256 } = emailHashes('test@example.com');
    expect(isMd5(md5)).toBe(true);
    expect(isSha256(sha256)).toBe(true);
    expect(isMd5(sha256)).toBe(false);
    expect(isSha256('not a hash')).toBe(false);
    expect(emailKeys(md5.toUpperCase())).toEqual([{ kind: 'email_md5', value: md5 }]);
    expect(emailKeys(sha256)).toEqual([{ kind: 'email_sha256', value: sha256 }]);
    expect(emailKeys(' Test@Example.com')).toEqual([
      { kind: 'email_md5', value: md5 },
      { kind: 'email_sha256', value: sha256 },
    ]);
  });
  it('rejects what is not an address', () => {
    expect(normaliseEmail('no-at-sign')).toBeUndefined();
    expect(normaliseEmail('a b@c.d')).toBeUndefined();
    expect(emailKeys('@example.com')).toEqual([]);
  });
});

describe('phones', () => {
  it('writes E.164, reading numbers without a country code as US by default', () => {
    expect(phoneE164('(212) 555-0143')).toBe('+12125550143');
    expect(phoneE164('212-555-0143')).toBe('+12125550143');
    expect(phoneE164('+1 212 555 0143')).toBe('+12125550143');
    expect(phoneE164('+44 7911 123456')).toBe('+447911123456');
    expect(phoneE164('07911 123456', 'GB')).toBe('+447911123456');
    expect(phoneE164('+49 171 1234567')).toBe('+491711234567');
    expect(phoneE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });
  it('rejects what cannot be a number', () => {
    expect(phoneE164('12')).toBeUndefined();
    expect(phoneE164('call me')).toBeUndefined();
  });
  it('knows a mobile\'s number from a landline\'s where the numbering plan tells them apart', () => {
    expect(isMobileNumber('+447712123456')).toBe(true);
    expect(isMobileNumber('+33612345678')).toBe(true);
    expect(isMobileNumber('+491711234567')).toBe(true);
    expect(isMobileNumber('+441159037276')).toBe(false);
    // Numbers of the North American plan may be either, as may a British number in no range the plan allots.
    expect(isMobileNumber('+12125550143')).toBe(false);
    expect(isMobileNumber('+447911390174')).toBe(false);
  });
  it('keys a mobile\'s number also as phone_mobile, with its phone key\'s value, and a landline\'s not', () => {
    const keysOf = (value: string) =>
      personIdentifierKeys(PersonRecord.parse({ id: 'p1', details: { phones: [{ value }] } }), 'GB').filter((key) => key.kind.startsWith('phone'));
    expect(keysOf('07712 123456')).toEqual([
      { kind: 'phone_sha256', value: phoneKey('07712 123456', 'GB')!.value },
      { kind: 'phone_mobile', value: phoneKey('07712 123456', 'GB')!.value },
    ]);
    expect(keysOf('0115 903 7276')).toEqual([{ kind: 'phone_sha256', value: phoneKey('0115 903 7276', 'GB')!.value }]);
  });
});

describe('MAIDs and profiles', () => {
  it('lower-cases MAIDs', () => {
    expect(normaliseMaid(' 5D10A5F2-6682-4FAE-8AA9-342BD306F28C ')).toBe('5d10a5f2-6682-4fae-8aa9-342bd306f28c');
    expect(normaliseMaid('  ')).toBeUndefined();
  });
  it('reduces profile URLs to host and path', () => {
    expect(canonicalProfileUrl('https://www.LinkedIn.com/in/Jane-Doe/?trk=x#top')).toBe('linkedin.com/in/jane-doe');
    expect(canonicalProfileUrl('linkedin.com/in/jane-doe')).toBe('linkedin.com/in/jane-doe');
    expect(canonicalProfileUrl('https://x.com/JaneDoe')).toBe('twitter.com/janedoe');
    expect(canonicalProfileUrl('')).toBeUndefined();
  });
  it('keys a profile by service+username, service+userid and URL', () => {
    expect(profileKeys({ username: '@JaneDoe', userid: 12345, url: 'https://twitter.com/janedoe' }, 'Twitter')).toEqual([
      { kind: 'profile_username', value: 'twitter:janedoe' },
      { kind: 'profile_userid', value: 'twitter:12345' },
      { kind: 'profile_url', value: 'twitter.com/janedoe' },
    ]);
  });
});

describe('personIdentifierKeys', () => {
  it('gives every kind once', () => {
    const record = PersonRecord.parse({
      id: 'p1',
      twitter: 'https://twitter.com/janedoe',
      placekey: '227-223@5VG-82N-PGK',
      fullName: 'Jane Doe',
      details: {
        locations: [{ addressLine1: '1 Main St', postalCode: '10001' }],
        emails: [{ value: 'Jane@Example.com' }, { value: 'jane@example.com ' }],
        phones: [{ value: '(212) 555-0143' }],
        profiles: { twitter: { username: 'janedoe', url: 'twitter.com/JaneDoe' } },
        identifiers: { maids: [{ id: 'ABC-1', type: 'idfa' }], li_nonid: ['Xy12'] },
      },
    });
    const keys = personIdentifierKeys(record);
    const blocks = keys.filter((key) => key.kind === 'match_block');
    expect(keys.filter((key) => key.kind !== 'match_block').map((key) => key.kind).sort()).toEqual(
      ['email_md5', 'email_sha256', 'li_nonid', 'maid', 'phone_sha256', 'placekey', 'profile_url', 'profile_username', 'name_placekey', 'address'].sort(),
    );
    // The name with the address is found through blocking keys (domain/matching/blocking.ts), not one exact key,
    // under the family name's sound and the given name's; the name alone by the sounds of its two words, for the
    // resolver (it gives no birthday to key with), and its email's local part once, whatever its case. These are
    // the keys of one version: a change to them raises MATCH_KEYS_VERSION, so that stored persons are keyed again.
    expect({ version: MATCH_KEYS_VERSION, keys: blocks.map((key) => key.value) }).toEqual({
      version: 3,
      keys: [
        'fp:T:10001', 'fn:T:1', 'fw:T:MN', 'fp:JN:10001', 'fn:JN:1', 'fw:JN:MN', 'pn:10001:1', 'pw:10001:MN', 'nn:JN:T',
        personEmailKeys(['jane@example.com'])[0],
      ],
    });
    expect(personMatchKeys(record)).toEqual(blocks.map((key) => key.value));
    // Since version 3 a first address line of only the house number takes the street from the second.
    const numberAbove = PersonRecord.parse({ id: 'p2', fullName: 'Jane Doe', details: { locations: [{ addressLine1: '12', addressLine2: 'Sunnybank Garden', postalCode: '2116' }] } });
    expect(personMatchKeys(numberAbove).filter((key) => key.startsWith('pw:'))).toEqual(['pw:2116:SNPNK']);
    expect(keys).toContainEqual({ kind: 'phone_sha256', value: phoneKey('+1 212 555 0143')!.value });
    // A number of the United States may be a mobile's or a landline's: no phone_mobile key.
    expect(phoneKey('+1 212 555 0143')!.value).toMatch(/^[0-9a-f]{64}$/);
    expect(keys).toContainEqual({ kind: 'placekey', value: '227-223@5vg-82n-pgk' });
    expect(keys).toContainEqual({ kind: 'li_nonid', value: 'Xy12' });
    expect(keys).toContainEqual({ kind: 'maid', value: 'abc-1' });
  });
});
