import { usableLocation, usableName } from '../../../schemas/v3/multi-field.ts';
import type { QueryBirthday } from './birthday-errors.ts';
import type { Random } from './text-errors.ts';

/**
 * A person.enrich query by name and postal address while it is being made: the name in its two parts and how
 * the caller writes it, the address fields the caller gives, and the letter case it all comes in. Corruptions
 * change the draft; `renderQuery` writes it as the request's `name` and `location`.
 */
export type DraftLocation = {
  addressLine1: string;
  /** Only where a mistake moved the street line here. */
  addressLine2?: string;
  city?: string;
  region?: string;
  regionCode?: string;
  postalCode?: string;
  country?: string;
  countryCode?: string;
};
export type QueryDraft = {
  given: string;
  family: string;
  /** `full` alone, `given` and `family`, or all three, as the official clients' callers variously send it. */
  nameStyle: 'full' | 'parts' | 'both';
  letterCase: 'as-written' | 'upper' | 'lower';
  location: DraftLocation;
  /** Only in the sets whose callers give one; undefined when a mistake left it out. */
  birthday?: QueryBirthday;
};
export type MatchQuery = { name: { full?: string; given?: string; family?: string }; location: DraftLocation; birthday?: QueryBirthday };

/** What a query is made from: a generated person's name and home address. */
export type SourcePerson = {
  id: string;
  given: string;
  family: string;
  location: { addressLine1: string; city: string; region: string; regionCode: string | null; postalCode: string; country: string; countryCode: string };
  /** Given to the query as it is, when the set's callers give birthdays. */
  birthday?: { year: number; month: number; day: number };
};

/**
 * The person's name and address written as one caller would, before any mistake: name as full or in parts,
 * region as name or code or both, the country as code or name or not at all, a US ZIP+4 sometimes cut to its ZIP,
 * a spaced postal code sometimes without its space, now and then all in capitals or lower case. These are ways of
 * writing the same values, not corruptions.
 */
export function draftOf(person: SourcePerson, r: Random): QueryDraft {
  const { addressLine1, city, region, regionCode, postalCode, country, countryCode } = person.location;
  const regionStyle = regionCode ? r.helpers.weightedArrayElement([{ weight: 40, value: 'name' }, { weight: 45, value: 'code' }, { weight: 15, value: 'both' }]) : 'name';
  const countryStyle = r.helpers.weightedArrayElement([{ weight: 40, value: 'code' }, { weight: 20, value: 'name' }, { weight: 40, value: 'none' }]);
  let postal = postalCode;
  if (/^\d{5}-\d{4}$/.test(postal) && r.number.float() < 0.3) postal = postal.slice(0, 5);
  else if (/\s/.test(postal) && r.number.float() < 0.15) postal = postal.replace(/\s+/g, '');
  return {
    given: person.given,
    family: person.family,
    nameStyle: r.helpers.weightedArrayElement([{ weight: 40, value: 'full' }, { weight: 45, value: 'parts' }, { weight: 15, value: 'both' }]),
    letterCase: r.helpers.weightedArrayElement([{ weight: 90, value: 'as-written' }, { weight: 7, value: 'upper' }, { weight: 3, value: 'lower' }]),
    location: {
      addressLine1,
      city,
      ...(regionStyle !== 'code' ? { region } : {}),
      ...(regionStyle !== 'name' && regionCode ? { regionCode } : {}),
      postalCode: postal,
      ...(countryStyle === 'code' ? { countryCode } : countryStyle === 'name' ? { country } : {}),
    },
    ...(person.birthday && { birthday: { ...person.birthday } }),
  };
}

/** The request's `name` and `location`, fields left out when empty. */
export function renderQuery(draft: QueryDraft): MatchQuery {
  const write = (value: string) => (draft.letterCase === 'upper' ? value.toUpperCase() : draft.letterCase === 'lower' ? value.toLowerCase() : value);
  const given = write(draft.given.trim());
  const family = write(draft.family.trim());
  const full = [given, family].filter(Boolean).join(' ');
  const name = draft.nameStyle === 'full' ? { full } : draft.nameStyle === 'parts' ? { given, family } : { full, given, family };
  const location = Object.fromEntries(
    Object.entries(draft.location).flatMap(([field, value]) => (value && value.trim() ? [[field, write(value.trim())]] : [])),
  ) as DraftLocation;
  return { name, location, ...(draft.birthday && { birthday: draft.birthday }) };
}

/** Whether person.enrich takes it as a name-and-address query (a 400 otherwise): the rules of `checkMultiField`. */
export const isUsableQuery = (query: MatchQuery) => usableName(query.name) && usableLocation(query.location);
