import { addressForms, nameAddressKeys, nameForms, namePlacekeyKeys } from '../persons/name-address.ts';
import { queryBlockingKeys } from './blocking.ts';
import { nameReadings, placeFields } from './fields.ts';
import type { Evidence, IdentifierCategory, IdentifierKey, PersonLookup, References } from '../../schemas/events/payloads.ts';
import { emailKeys, normaliseLiNonid, normaliseMaid, phoneKey, profileKeys } from '../persons/normalise.ts';
import { isMd5, isSha256 } from '../../schemas/formats/hashes.ts';
import { usableLocation, usableName, type MultiFieldQuery } from '../../schemas/v3/multi-field.ts';
import type { PersonEnrichRequest } from '../../schemas/v3/person-enrich.ts';


/** The kinds of evidence the matcher weighs (docs/matching.md): the identifiers, and a name with an address. */
export type EvidenceCategory = IdentifierCategory | 'name_address';


/** The parts of a query's birthday it gives; undefined when none. */
function queryBirthday(birthday: MultiFieldQuery['birthday']): { year?: number; month?: number; day?: number } | undefined {
  const given = Object.entries({ year: birthday?.year, month: birthday?.month, day: birthday?.day }).filter(([, part]) => typeof part === 'number');
  return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/** Every lookup key of the evidence. */
export const lookupKeys = (evidence: Evidence[]): IdentifierKey[] => evidence.flatMap((item) => item.keys);

const nonEmpty = (values: Array<string | null | undefined>) => values.filter((value): value is string => !!value?.trim());

/** The query's identifiers as evidence, normalised as stored persons' identifiers are. */
export function evidenceOf(query: MultiFieldQuery): Evidence[] {
  const evidence: Evidence[] = [];
  const add = (category: EvidenceCategory, keys: IdentifierKey[]) => {
    if (keys.length > 0) evidence.push({ category, keys });
  };
  for (const email of nonEmpty([query.email, ...(query.emails ?? [])])) add('email', emailKeys(email));
  for (const phone of nonEmpty([query.phone, ...(query.phones ?? [])])) {
    const key = phoneKey(phone);
    if (key) add('phone', [key]);
  }
  for (const maid of nonEmpty(query.maids ?? [])) {
    const value = normaliseMaid(maid);
    if (value) add('maid', [{ kind: 'maid', value }]);
  }
  for (const profile of query.profiles ?? []) add('profile', profileKeys(profile));
  const nonid = query.li_nonid ? normaliseLiNonid(query.li_nonid) : undefined;
  if (nonid) add('li_nonid', [{ kind: 'li_nonid', value: nonid }]);
  if (query.name && usableName(query.name)) {
    const forms = nameForms(query.name);
    const names = nameReadings(query.name);
    if (names.length > 0 && query.location && usableLocation(query.location)) {
      const place = placeFields(query.location);
      const keys = nameAddressKeys(forms, addressForms(query.location)).map((value): IdentifierKey => ({ kind: 'name_address', value }));
      const blockingKeys = queryBlockingKeys(names, place).map((value): IdentifierKey => ({ kind: 'match_block', value }));
      const birthday = queryBirthday(query.birthday);
      evidence.push({ category: 'name_address', keys, nameAddress: { names, place, blockingKeys, ...(birthday && { birthday }) } });
    }
    if (query.placekey?.trim()) {
      add('name_placekey', namePlacekeyKeys(forms, query.placekey).map((value) => ({ kind: 'name_placekey', value })));
    }
  }
  return evidence;
}

export const referencesOf = (query: MultiFieldQuery): References => ({
  ...(query.recordId?.trim() && { recordId: query.recordId.trim() }),
  ...(query.personId?.trim() && { personId: query.personId.trim() }),
  ...(query.partnerId?.trim() && { partnerId: query.partnerId.trim() }),
});

/** True when the caller identified the person by a hashed email: the answer then holds no clear contact data. */
export const queriedByHashedEmail = (query: MultiFieldQuery): boolean =>
  nonEmpty([query.email, ...(query.emails ?? [])]).some((email) => isMd5(email) || isSha256(email));


export const personLookupOf = (query: PersonEnrichRequest): PersonLookup => ({
  evidence: evidenceOf(query),
  references: referencesOf(query),
  confidence: query.confidence ?? 'HIGH',
  dataFilter: query.dataFilter,
  maxMaids: query.maxMaids,
  maxEmails: query.maxEmails,
  hashedQuery: queriedByHashedEmail(query),
});
