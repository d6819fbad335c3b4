import { hash } from 'node:crypto';
import type { NameInput, PlaceInput as AddressInput } from '../matching/fields.ts';
import { plainWords, postalCode, streetWords } from '../matching/text.ts';

/**
 * Exact keys of names and addresses: a name with an address (the street line with the postal code, or with
 * city and region), a name with a placekey (a placekey names a place, as an address does), and an address
 * alone, of the household living there. Both sides are reduced the same way (case, accents, punctuation,
 * common street-word abbreviations, ZIP+4 to ZIP: domain/matching/text.ts), and a key is the MD5 of the
 * result, so that the tables holding keys stay compact and hold no clear names or addresses.
 *
 * person.enrich finds persons by name and address through blocking keys and comparisons instead
 * (docs/matching.md); the exact key is what the account's own records and consents are matched by, which must
 * never take one person for another (docs/decisions.md, "Consent and records are matched exactly").
 */

const street = (line: string) => streetWords(line).join(' ');

/** The ways a name is written: the full name, and given with family. Empty when neither is usable. */
export function nameForms(name: NameInput): string[] {
  const forms = new Set<string>();
  if (name.full && plainWords(name.full)) forms.add(plainWords(name.full));
  if (name.given && name.family) forms.add(plainWords(`${name.given} ${name.family}`));
  forms.delete('');
  return [...forms];
}

/** The ways an address is pinned down: street line with postal code, or with city and region (name or code). */
export function addressForms(address: AddressInput): string[] {
  const line = address.addressLine1 ? street(address.addressLine1) : '';
  if (!line) return [];
  const forms: string[] = [];
  if (address.postalCode && postalCode(address.postalCode)) forms.push(`${line}|zip:${postalCode(address.postalCode)}`);
  const city = address.city ? plainWords(address.city) : '';
  if (city) {
    for (const region of [address.region, address.regionCode]) {
      if (region && plainWords(region)) forms.push(`${line}|${city}|${plainWords(region)}`);
    }
  }
  return [...new Set(forms)];
}

const digest = (text: string) => hash('md5', text, 'hex');

/** Every name-with-address key of these names at these addresses. */
export function nameAddressKeys(names: string[], addresses: string[]): string[] {
  return names.flatMap((name) => addresses.map((address) => digest(`${name}|${address}`)));
}

/**
 * The address-only key of a location: not evidence of a person (a whole household lives there) but how the
 * members of a household are found (verify.match). One key per location, in one canonical form (street line
 * with postal code, else with city and region code or name), as both sides come from stored records.
 */
export function householdKey(address: AddressInput): string | undefined {
  const [canonical] = addressForms({ ...address, region: address.regionCode || address.region, regionCode: null });
  return canonical === undefined ? undefined : digest(`@${canonical}`);
}

/** Every name-with-placekey key (a placekey names a place, as an address does). */
export function namePlacekeyKeys(names: string[], placekey: string): string[] {
  const place = placekey.trim().toLowerCase();
  return place ? names.map((name) => digest(`${name}|@${place}`)) : [];
}
