import { hash } from 'node:crypto';
import type { NameFields, PlaceFields } from '../../schemas/events/payloads.ts';
import type { Birthday } from './birthday.ts';
import { soundOf } from './similarity.ts';

/**
 * Blocking: the keys under which a person is indexed so that a query finds it as a candidate, several
 * independent ones so that no single wrong or missing field loses the person. Each pairs two or three fields,
 * names by their sound (Double Metaphone), so that a key names few persons even among millions:
 *
 * | key   | fields                                    | still finds the person when wrong or missing |
 * |-------|-------------------------------------------|-----------------------------------------------|
 * | `fp`  | a name's sound (family or given), postal code | the other name, street, city, region       |
 * | `fn`  | a name's sound, street number             | the other name, postal code, street, city      |
 * | `fc`  | a name's sound, city's sound              | the other name, postal code, street number     |
 * | `fw`  | a name's sound, street name's sound       | the other name, postal code, street number, city |
 * | `pn`  | postal code, street number                | both names                                     |
 * | `pw`  | postal code, street name's sound          | both names, street number                      |
 * | `nwc` | street number, street, city sounds        | both names, postal code                        |
 *
 * A stored person is keyed by its family name and by its given name, each apart, so that either name wrong (a
 * typo that changes its sound, another family name after a marriage) with the postal code, the house number or
 * the city also wrong still finds the person, and the street keeps it when the postal code, the number and the
 * city are all wrong or missing; a query looks up the sound of every part of its name, so that given
 * and family names written the other way round still meet.
 *
 * Records are also keyed without an address, so that the resolver (docs/identity-graph.md) finds the records of
 * one person whose addresses are missing or differ, by the sounds of the words of their names wherever they were
 * written (given and family swapped, a name given alone):
 *
 * | key   | fields                                   | still finds the person when wrong or missing |
 * |-------|------------------------------------------|-----------------------------------------------|
 * | `nn`  | the sounds of two words of the name      | any other word of the name, address, birthday |
 * | `nb`  | the sound of one word of the name, birthday | the other words of the name, address      |
 * | `ni`  | the initial of one word of the name, birthday | the rest of that word (a typo that changes its sound), the other words, address |
 * | `ns`  | the sound of one word of the name, the initial of another, birth year | the rest of the other word, month and day, address |
 * | `el`  | an email's local part (before the @), hashed | a typo in the email's domain, every other field |
 */
/**
 * The version of the keys a stored person gets. Raise it with any change to them: the identity workers then key
 * every stored person again, and queue it to be resolved anew (adapters/persons/match-keys-refresh.ts).
 * 1: the family name's sound alone; 2: the given name's sound too, and the street's key `fw`; 3: the street
 * taken from the second address line when the first holds only the house number (./fields.ts placeFields), and
 * a kind of street joined to its name split off (`Torrensstreet`, ./text.ts streetWords).
 */
export const MATCH_KEYS_VERSION = 3;

const longest = (words: string[]) => words.reduce((top, word) => (word.length > top.length ? word : top), '');

/** The sounds a family name is indexed by: of the whole (joined: `delittle`), and of its longest word. */
const familySounds = (name: NameFields) => [soundOf(name.family.join('')), soundOf(longest(name.family))];
/** The sounds a stored name is indexed by: its family name's, and its given name's the same way. */
const storedSounds = (name: NameFields) => [...familySounds(name), soundOf(name.given.join('')), soundOf(longest(name.given))];

/** The sounds a query's name looks up: of each part and each word of each reading, wherever it was written. */
const querySounds = (names: NameFields[]) =>
  names.flatMap((name) => [...familySounds(name), soundOf(name.given.join('')), ...[...name.given, ...name.family].map(soundOf)]);

/** The street sound a stored address is indexed by: its name's longest word's. */
const storedStreetSounds = (place: PlaceFields) => [soundOf(longest(place.street))];

/**
 * The street sounds a query looks up: of every word of its street's name and of its other line (./fields.ts
 * placeFields), since a typo may fall on the longest word (`Hugh Mckay Ctescent`) and the lines come swapped.
 */
const queryStreetSounds = (place: PlaceFields) => [...place.street, ...(place.otherLine ?? [])].map(soundOf);

function keysOf(sounds: string[], place: PlaceFields, streetSounds: string[]): string[] {
  const keys: string[] = [];
  const { number, postcode } = place;
  const streets = [...new Set(streetSounds.filter(Boolean))];
  const city = soundOf(place.city.replace(/ /g, ''));
  for (const sound of new Set(sounds.filter(Boolean))) {
    if (postcode) keys.push(`fp:${sound}:${postcode}`);
    if (number) keys.push(`fn:${sound}:${number}`);
    if (city) keys.push(`fc:${sound}:${city}`);
    for (const street of streets) keys.push(`fw:${sound}:${street}`);
  }
  if (postcode && number) keys.push(`pn:${postcode}:${number}`);
  for (const street of streets) {
    if (postcode) keys.push(`pw:${postcode}:${street}`);
    if (number && city) keys.push(`nwc:${number}:${street}:${city}`);
  }
  return keys;
}

const unique = (keys: string[]) => [...new Set(keys)];

/** The blocking keys a stored person is indexed by: each of its names at each of its addresses. */
export const personBlockingKeys = (names: NameFields[], places: PlaceFields[]): string[] =>
  unique(places.flatMap((place) => keysOf(names.flatMap(storedSounds), place, storedStreetSounds(place))));

/** The blocking keys a query looks up: its name read every way it may be (./fields.ts nameReadings), its street every word. */
export const queryBlockingKeys = (names: NameFields[], place: PlaceFields): string[] =>
  unique(keysOf(querySounds(names), place, queryStreetSounds(place)));

/** The whole birthday as a key's part (`1971-6-24`), or undefined when any part is missing. */
const birthdayPart = (birthday: Birthday | undefined) =>
  birthday?.year && birthday.month && birthday.day ? `${birthday.year}-${birthday.month}-${birthday.day}` : undefined;

/** The keys of a record's names alone and with its birthday (the table above): how records of one person meet. */
export function personNameKeys(names: NameFields[], birthday: Birthday | undefined): string[] {
  const keys: string[] = [];
  const born = birthdayPart(birthday);
  for (const name of names) {
    const words = [...name.given, ...name.family];
    const sounds = [...new Set(words.map(soundOf).filter(Boolean))].sort();
    sounds.forEach((sound, at) => {
      for (const other of sounds.slice(at + 1)) keys.push(`nn:${sound}:${other}`);
      if (born) keys.push(`nb:${sound}:${born}`);
    });
    if (born) for (const word of words) if (word) keys.push(`ni:${word[0]}:${born}`);
    if (birthday?.year) {
      for (const word of words) {
        const sound = soundOf(word);
        if (sound) for (const other of words) if (other && other !== word) keys.push(`ns:${sound}:${other[0]}:${birthday.year}`);
      }
    }
  }
  return unique(keys);
}

/** How long a local part's hash is kept in its key: 64 bits, so that two local parts sharing one is chance. */
const LOCAL_PART_HASH_LENGTH = 16;

/** How the keys of emails' local parts begin (personEmailKeys). */
export const LOCAL_PART_KEY_PREFIX = 'el:';

/**
 * The keys of a record's emails that survive a typo in their domain (`e.rogers3@honkips.org` and
 * `e.rogers3@hopkins.org`): each clear email's local part, hashed as the email is (no clear address is kept).
 */
export function personEmailKeys(emails: readonly string[]): string[] {
  const locals = emails.map((email) => email.trim().toLowerCase()).flatMap((email) => (email.indexOf('@') > 0 ? [email.slice(0, email.indexOf('@'))] : []));
  return unique(locals.map((local) => `${LOCAL_PART_KEY_PREFIX}${hash('sha256', local).slice(0, LOCAL_PART_HASH_LENGTH)}`));
}
