import { z } from 'zod';
import { isEmailOrHash } from '../formats/email.ts';
import { phoneE164 } from '../formats/phone.ts';
import { EMAIL_TEXT, LOCATION_RULE, NAME_RULE, PHONE_TEXT, PROFILE_RULE } from './documented-rules.ts';

/**
 * The multi-field query: the identifying input of person.enrich (and, later, identity.*, permission.* and
 * verify.*), in every form the official clients send it (client contract, section 2): singular `email` and
 * `phone` (Python) beside the plural arrays, empty arrays meaning "not given" (Java always sends them), extra
 * location fields (Go, Java). What makes a query usable is checked by `checkMultiField`.
 */
export const MAX_IDENTIFIERS_PER_TYPE = 25;

const text = (max: number) => z.string().max(max);
const identifier = text(512);
const many = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_IDENTIFIERS_PER_TYPE, `at most ${MAX_IDENTIFIERS_PER_TYPE} identifiers of one type`);
/** An entry of a list: empty is a mistake (an empty list, or an absent field, is "not given"). */
const entry = text(512).trim().min(1, 'must not be empty');

export const QueryName = z
  .object({ full: text(200).nullish(), given: text(100).nullish(), family: text(100).nullish() })
  .meta({ id: 'QueryName', ...NAME_RULE });

export const QueryLocation = z
  .object({
    addressLine1: text(200).nullish(),
    addressLine2: text(200).nullish(),
    city: text(100).nullish(),
    region: text(100).nullish(),
    regionCode: text(10).nullish(),
    postalCode: text(20).nullish(),
    country: text(100).nullish(),
    countryCode: text(10).nullish(),
    formatted: text(400).nullish(),
    type: text(50).nullish(),
    label: text(50).nullish(),
  })
  .meta({ id: 'QueryLocation', ...LOCATION_RULE });

/** A date of birth, any part of it: what the matcher weighs beside a name and an address (docs/matching.md). */
export const QueryBirthday = z
  .object({
    year: z.number().int().min(1800).max(2200).nullish(),
    month: z.number().int().min(1).max(12).nullish(),
    day: z.number().int().min(1).max(31).nullish(),
  })
  .meta({ id: 'QueryBirthday' });

export const QueryProfile = z
  .object({
    service: text(50).nullish(),
    username: text(200).nullish(),
    userid: z.union([text(100), z.number().int()]).nullish(),
    url: text(500).nullish(),
  })
  .meta({ id: 'QueryProfile', ...PROFILE_RULE });

export const multiFieldShape = {
  email: identifier.meta(EMAIL_TEXT).nullish().describe('One email: clear text, or the MD5 or SHA-256 of the lower-cased address'),
  emails: many(entry.meta(EMAIL_TEXT)).nullish(),
  phone: identifier.meta(PHONE_TEXT).nullish().describe('One phone, any formatting; without a country code read as US'),
  phones: many(entry.meta(PHONE_TEXT)).nullish(),
  name: QueryName.nullish().describe('Only together with location or placekey'),
  location: QueryLocation.nullish().describe(
    'Only together with name: postalCode, or city with region (or regionCode) or with a street line (addressLine1 or addressLine2)',
  ),
  placekey: identifier.nullish().describe('Only together with name'),
  birthday: QueryBirthday.nullish().describe('Any of year, month and day: weighed with a name and an address, never alone'),
  profiles: many(QueryProfile).nullish(),
  maids: many(entry).nullish(),
  li_nonid: identifier.nullish(),
  recordId: identifier.nullish(),
  personId: identifier.nullish(),
  partnerId: identifier.nullish(),
  panoramaId: identifier.nullish(),
};

const MultiFieldQuery = z.object(multiFieldShape);
export type MultiFieldQuery = z.infer<typeof MultiFieldQuery>;

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export const usableName = (name: MultiFieldQuery['name']) =>
  !!name && (filled(name.full) || (filled(name.given) && filled(name.family)));

/**
 * A location that narrows the candidates (docs/decisions.md, "What a query may hold"): a postal code, or a city with
 * its region or a street line (addressLine1, else addressLine2: the lines come swapped, or the first one missing).
 */
export const usableLocation = (location: MultiFieldQuery['location']) =>
  !!location &&
  (filled(location.postalCode) ||
    (filled(location.city) && (filled(location.region) || filled(location.regionCode) || filled(location.addressLine1) || filled(location.addressLine2))));

/**
 * Whether the query gives something to look a person up by; `references` (recordId, personId, partnerId)
 * count unless left out.
 */
export function givesIdentifier(query: MultiFieldQuery, options: { references: boolean } = { references: true }): boolean {
  const place = usableLocation(query.location) || filled(query.placekey);
  const identifiers = [
    filled(query.email),
    !!query.emails?.length,
    filled(query.phone),
    !!query.phones?.length,
    usableName(query.name) && place,
    !!query.profiles?.length,
    !!query.maids?.length,
    filled(query.li_nonid),
  ];
  const references = [filled(query.recordId), filled(query.personId), filled(query.partnerId)];
  return identifiers.some(Boolean) || (options.references && references.some(Boolean));
}

/**
 * The rules no field can check alone, with the field they concern: the singular and plural forms together
 * stay within the per-type limit; a profile is a URL or a service with one of username and userid; name goes
 * with location or placekey and the other way round; something usable must be given; and clear emails and
 * phones must be what they claim.
 */
export function checkMultiField(query: MultiFieldQuery, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  for (const [single, plural] of [['email', 'emails'], ['phone', 'phones']] as const) {
    const count = (filled(query[single]) ? 1 : 0) + (query[plural]?.length ?? 0);
    if (count > MAX_IDENTIFIERS_PER_TYPE) issue([plural], `at most ${MAX_IDENTIFIERS_PER_TYPE} identifiers of one type (with ${single})`);
  }
  query.profiles?.forEach((profile, index) => {
    const ways = [filled(profile.url), filled(profile.username), profile.userid != null && String(profile.userid).trim() !== ''];
    if (ways.filter(Boolean).length !== 1) issue(['profiles', index], 'give exactly one of url, username and userid');
    else if (!filled(profile.url) && !filled(profile.service)) issue(['profiles', index, 'service'], 'required with username or userid');
  });
  const place = usableLocation(query.location) || filled(query.placekey);
  if (query.name && !usableName(query.name)) issue(['name'], 'needs full, or given and family');
  if (query.location && !usableLocation(query.location)) {
    issue(['location'], 'needs postalCode, or city with region (or regionCode) or with a street line (addressLine1 or addressLine2)');
  }
  if (usableName(query.name) && !place) issue(['location'], 'name has to be queried together with location or placekey');
  if (place && !query.name) issue(['name'], 'location and placekey have to be queried together with name');

  if (!givesIdentifier(query)) {
    issue([], 'give at least one identifier: email, emails, phone, phones, profiles, maids, name with location or placekey, li_nonid, recordId, personId or partnerId');
  }
  checkIdentifiers(query, ctx);
}

type Given = { email?: string | null; emails?: string[] | null; phone?: string | null; phones?: string[] | null };

/** The values of the singular and plural forms of a field, each with the path that names it. */
const valuesOf = (body: Given, single: 'email' | 'phone', plural: 'emails' | 'phones') => [
  ...(body[single]?.trim() ? [{ path: [single] as (string | number)[], value: body[single] }] : []),
  ...(body[plural] ?? []).map((value, index) => ({ path: [plural, index] as (string | number)[], value })),
];

/** Clear emails must be addresses and phones numbers: a typo is the caller's to fix, not a silent miss. */
function checkIdentifiers(body: Given, ctx: z.RefinementCtx) {
  for (const { path, value } of valuesOf(body, 'email', 'emails')) {
    if (!isEmailOrHash(value)) ctx.addIssue({ code: 'custom', path, message: 'not an email address, nor the MD5 or SHA-256 hex of one' });
  }
  for (const { path, value } of valuesOf(body, 'phone', 'phones')) {
    if (!phoneE164(value)) ctx.addIssue({ code: 'custom', path, message: 'not a phone number' });
  }
}
