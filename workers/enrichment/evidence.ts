import { addressForms, nameAddressKeys, nameForms, namePlacekeyKeys } from '../../adapters/persons/name-address.ts';
import {
  emailKeys,
  isMd5,
  isSha256,
  normaliseLiNonid,
  normaliseMaid,
  phoneE164,
  profileKeys,
  type IdentifierKey,
} from '../../adapters/persons/normalise.ts';
import { usableLocation, usableName } from '../../schemas/v3/multi-field.ts';
import type { PersonEnrichRequest } from '../../schemas/v3/person-enrich.ts';

/** The kinds of evidence the matcher weighs (docs/decisions.md, "How person.enrich matches"). */
export type EvidenceCategory = 'email' | 'phone' | 'maid' | 'profile' | 'li_nonid' | 'name_address' | 'name_placekey';

/** One identifier of the query and the lookup keys it may be stored under (an email: both hashes). */
export type Evidence = { category: EvidenceCategory; keys: IdentifierKey[] };

const nonEmpty = (values: Array<string | null | undefined>) => values.filter((value): value is string => !!value?.trim());

/** The query's identifiers as evidence, normalised as stored persons' identifiers are. */
export function evidenceOf(query: PersonEnrichRequest): Evidence[] {
  const evidence: Evidence[] = [];
  const add = (category: EvidenceCategory, keys: IdentifierKey[]) => {
    if (keys.length > 0) evidence.push({ category, keys });
  };
  for (const email of nonEmpty([query.email, ...(query.emails ?? [])])) add('email', emailKeys(email));
  for (const phone of nonEmpty([query.phone, ...(query.phones ?? [])])) {
    const e164 = phoneE164(phone);
    if (e164) add('phone', [{ kind: 'phone', value: e164 }]);
  }
  for (const maid of nonEmpty(query.maids ?? [])) {
    const value = normaliseMaid(maid);
    if (value) add('maid', [{ kind: 'maid', value }]);
  }
  for (const profile of query.profiles ?? []) add('profile', profileKeys(profile));
  const nonid = query.li_nonid ? normaliseLiNonid(query.li_nonid) : undefined;
  if (nonid) add('li_nonid', [{ kind: 'li_nonid', value: nonid }]);
  if (query.name && usableName(query.name)) {
    const names = nameForms(query.name);
    if (query.location && usableLocation(query.location)) {
      add('name_address', nameAddressKeys(names, addressForms(query.location)).map((value) => ({ kind: 'name_address', value })));
    }
    if (query.placekey?.trim()) {
      add('name_placekey', namePlacekeyKeys(names, query.placekey).map((value) => ({ kind: 'name_placekey', value })));
    }
  }
  return evidence;
}

/** True when the caller identified the person by a hashed email: the answer then holds no clear contact data. */
export const queriedByHashedEmail = (query: PersonEnrichRequest): boolean =>
  nonEmpty([query.email, ...(query.emails ?? [])]).some((email) => isMd5(email) || isSha256(email));
