import { hash } from 'node:crypto';

/**
 * Name-with-address evidence as exact keys. A name alone names too many people and an address alone a whole
 * household, so they are only keys together: the name with the street line and either the postal code or the
 * city and region. Both sides are reduced the same way (case, accents, punctuation, common street-word
 * abbreviations, ZIP+4 to ZIP), and the key is the MD5 of the result, so that the identifier table stays
 * compact and holds no clear names.
 */
export type NameInput = { full?: string | null; given?: string | null; family?: string | null };
export type AddressInput = {
  addressLine1?: string | null;
  city?: string | null;
  region?: string | null;
  regionCode?: string | null;
  postalCode?: string | null;
};

const STREET_WORDS: Record<string, string> = {
  street: 'st', avenue: 'ave', road: 'rd', drive: 'dr', lane: 'ln', boulevard: 'blvd', court: 'ct', place: 'pl',
  square: 'sq', terrace: 'ter', circle: 'cir', highway: 'hwy', parkway: 'pkwy', suite: 'ste', apartment: 'apt',
  north: 'n', south: 's', east: 'e', west: 'w', northwest: 'nw', northeast: 'ne', southwest: 'sw', southeast: 'se',
  mount: 'mt', strasse: 'str',
};

/** Lower-case ASCII words separated by single spaces: `Müller-Lüdenscheidt, Jr.` → `muller ludenscheidt jr`. */
export function plainWords(value: string): string {
  // Most names and addresses are ASCII already: decomposing them is the slow part of an import's keys.
  const ascii = /^[\x00-\x7f]*$/.test(value) ? value : value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss');
  return ascii.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const street = (line: string) =>
  plainWords(line)
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');

/** A US ZIP+4 is its ZIP; other postal codes lose spaces and case. */
const postal = (code: string) => {
  const plain = plainWords(code).replace(/ /g, '');
  return /^\d{9}$/.test(plain) ? plain.slice(0, 5) : plain;
};

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
  if (address.postalCode && postal(address.postalCode)) forms.push(`${line}|zip:${postal(address.postalCode)}`);
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
