import { birthdaysApart, compareBirthday } from '../matching/birthday.ts';
import { compareAddress, sameLocality, type Field } from '../matching/comparisons.ts';
import { editsWithin, soundOf } from '../matching/similarity.ts';
import type { ComparedPair } from '../matching/learn-m.ts';
import { familyChangedAtHome } from '../matching/names-at-home.ts';
import { best, closeIdentifierWeight, householdExcess, identifierWeight, levelWeight, priorWeight, scoreName, termValue, type FieldWeight, type MatchModel } from '../matching/model.ts';
import type { IdentifierCategory } from '../../schemas/events/payloads.ts';
import { holdsIdentifier, type RecordFields } from './record-fields.ts';
import { readsBirthdaysApart, readsHouseholds, readsTwins, type BirthAtHome } from './home-pairs.ts';

/**
 * What one piece of evidence added to a record's match with a person, in bits: an identifier the person's
 * records hold (`agrees`) or lack, the best pair of names, the best pair of addresses (each compared whole, and
 * capped as the matcher caps an address), the best pair of birthdays.
 */
export type LinkEvidence =
  | { evidence: IdentifierCategory; agrees: boolean; close?: true; mobile?: true; weight: number }
  | { evidence: 'name' | 'address'; weight: number; fields: FieldWeight[] }
  | { evidence: 'birthday'; weight: number; fields: FieldWeight[]; apart: boolean }
  | { evidence: 'household'; weight: number };

/** A record compared with a person: the prior, the evidence, and their sum (the match weight, log2 of the odds). */
export type RecordMatch = { weight: number; prior: number; evidence: LinkEvidence[] };

/** Whether two emails are a typo or two apart (edits of the whole address, a transposition one edit). */
const closeEmails = (a: readonly string[], b: readonly string[]) =>
  a.some((one) => b.some((other) => editsWithin(one, other, 2)));

function identifierEvidence(model: MatchModel, record: RecordFields, person: readonly RecordFields[]): LinkEvidence[] {
  return [...record.identifiers].flatMap(([category, values]): LinkEvidence[] => {
    if (!person.some((other) => (other.identifiers.get(category)?.size ?? 0) > 0)) return [];
    const agrees = [...values].some((value) => holdsIdentifier(person, category, value));
    // Only emails are held in clear (RecordFields.emails), so only they can be found a typo apart.
    const close = !agrees && category === 'email' ? closeIdentifierWeight(model, category) : undefined;
    if (close !== undefined && closeEmails(record.emails, person.flatMap((other) => other.emails))) {
      return [{ evidence: category, agrees, close: true, weight: close }];
    }
    const mobile = agrees && category === 'phone' && sharesMobile(record, person);
    return [{ evidence: category, agrees, ...(mobile && { mobile: true as const }), weight: identifierWeight(model, category, agrees) }];
  });
}

/** Whether a phone the record and the person both hold is a mobile's (RecordFields.mobiles). */
const sharesMobile = (record: RecordFields, person: readonly RecordFields[]): boolean =>
  [...(record.identifiers.get('phone') ?? [])].some(
    (value) => holdsIdentifier(person, 'phone', value) && (record.mobiles.has(value) || person.some((other) => other.mobiles.has(value))),
  );

/**
 * The best pair of names; a family name changed at the same home (`sameHome`) weighs nothing (familyChangedAtHome),
 * but not in names read swapped: what agrees there is a family name with a given name, and the other part is a
 * household member's given name (`Gus Williams` and `Williams Drew` at one home), whom a record must not join. The
 * matcher keeps the rule for them: its answers are graded, and on the literature's errors it found four more people
 * in 1,800 at HIGH with it, none wrong.
 */
function nameEvidence(model: MatchModel, record: RecordFields, person: readonly RecordFields[], sameHome = false): LinkEvidence[] {
  const name = best(record.names.flatMap((asked) => person.flatMap((other) => other.names.map((names) => scoreName(model, asked, names)))));
  if (!name) return [];
  const fields = familyChangedAtHome(name.fields, sameHome && name.swap === 0);
  return [{ evidence: 'name', weight: fields.reduce((sum, field) => sum + field.weight, name.swap), fields }];
}

/**
 * The best pair of addresses, capped as the matcher caps an address: at what tells one home of four persons from
 * the others. Where the data holds next to no households (./home-pairs.ts readsHouseholds), a home is one person's:
 * an address that agrees as a whole home (`exact`, and in one town or postal code: a street of one name and a
 * number recur across towns) weighs what its m and u say, since no other person lives there, and any lesser
 * agreement is capped at what tells one person from the others.
 */
function addressEvidence(model: MatchModel, record: RecordFields, person: readonly RecordFields[]): LinkEvidence[] {
  const households = readsHouseholds(model);
  const weighed = record.places.flatMap((place) =>
    person.flatMap((other) =>
      other.places.flatMap((candidate) => {
        const comparison = { field: 'address' as const, level: compareAddress(place, candidate) };
        if (comparison.level === 'missing') return [];
        const weight = levelWeight(model, comparison);
        const onePersonsHome = !households && comparison.level === 'exact' && sameLocality(place, candidate);
        const cap = onePersonsHome ? 0 : householdExcess(model, weight, households ? undefined : 1);
        return [{ weight: weight - cap, fields: [{ ...comparison, weight }] }];
      }),
    ),
  );
  const top = best(weighed);
  return top ? [{ evidence: 'address', ...top }] : [];
}

/**
 * The best pair of birthdays, and whether every pair compared is further apart than one person's slips
 * (birthdaysApart): the data saying the record and the person are two people, unless it writes wrong birth dates
 * (./home-pairs.ts readsBirthdaysApart).
 */
function birthdayEvidence(model: MatchModel, record: RecordFields, person: readonly RecordFields[]): LinkEvidence[] {
  const born = record.birthday;
  if (!born) return [];
  const compared = person.flatMap((other) => {
    if (!other.birthday) return [];
    const comparison = { field: 'birthday' as const, level: compareBirthday(born, other.birthday) };
    return comparison.level === 'missing' ? [] : [{ other: other.birthday, comparison, weight: levelWeight(model, comparison) }];
  });
  const top = best(compared.map(({ comparison, weight }) => ({ weight, fields: [{ ...comparison, weight }] })));
  if (!top) return [];
  return [{ evidence: 'birthday', ...top, apart: readsBirthdaysApart(model) && compared.every(({ other }) => birthdaysApart(born, other)) }];
}

/** Whether the best pair of addresses is on one street or at one home (compareAddress `exact`, `close` or `home`). */
const sharesStreet = (address: LinkEvidence | undefined) =>
  address !== undefined && 'fields' in address && address.fields.some((field) => field.level === 'exact' || field.level === 'close' || field.level === 'home');

/**
 * What evidence a household shares adds up to beyond what tells one household from the others, as a negative
 * weight (or none): a family name, a street address and a phone agree as much for two members of a household as
 * for one person's two records, so together they are worth no more than an address alone; and so does the
 * birthday of twins (twinNames), where the data holds twins (./home-pairs.ts readsTwins). The given name, another
 * birthday or another identifier must then tell the person from the household: a mobile's number does, being one
 * person's (a household shares its landline), unless the given names differ (a member's record may give another's
 * mobile to call). A town alone is no household, and the cap never takes the three below what the family name and
 * a town alone weigh. Where the data holds next to no households (./home-pairs.ts readsHouseholds), nothing is capped.
 */
function householdEvidence(model: MatchModel, evidence: readonly LinkEvidence[], twinNames: () => boolean): LinkEvidence[] {
  if (!readsHouseholds(model)) return [];
  const name = evidence.find((item) => item.evidence === 'name');
  const givenDiffers = name && 'fields' in name && name.fields.some((field) => field.field === 'given' && field.level === 'different');
  const phone = evidence.find((item) => item.evidence === 'phone' && item.agrees && (givenDiffers || !('mobile' in item)));
  const address = evidence.find((item) => item.evidence === 'address');
  const street = sharesStreet(address);
  const birthday = evidence.find((item) => item.evidence === 'birthday');
  const twins = givenDiffers && birthday && 'fields' in birthday && birthday.fields[0]?.level === 'exact' && readsTwins(model) && twinNames();
  if (!phone && !street && !twins) return [];
  const family = Math.max(0, name && 'fields' in name ? (name.fields.find((field) => field.field === 'family')?.weight ?? 0) : 0);
  const home = Math.max(0, address?.weight ?? 0);
  const shared = (phone?.weight ?? 0) + home + family + (twins ? birthday.weight : 0);
  // A street or a phone shared besides the family name and the town says no less than they do.
  const town = Math.min(home, levelWeight(model, { field: 'address', level: 'town' }));
  const excess = Math.min(householdExcess(model, shared), Math.max(0, shared - family - town));
  return excess > 0 ? [{ evidence: 'household', weight: -excess }] : [];
}

/**
 * Whether the record's given names are a twin's of the person's: no word of them, nor of its family name (for names
 * written the wrong way round), is two edits or fewer from a given name of the person's, sounds like one, or
 * begins one (an initial, a name cut short). One birthday and one family name then say one family, not one
 * person: a person's records mistype, swap, shorten and add to a given name, and rarely write another.
 */
export function twinNames(record: RecordFields, person: readonly RecordFields[]): boolean {
  const given = person.flatMap((other) => other.names.flatMap((name) => name.given));
  if (given.length === 0 || !record.names.some((name) => name.given.length > 0)) return false;
  const words = record.names.flatMap((name) => [...name.given, ...name.family]);
  const oneName = (a: string, b: string) => editsWithin(a, b, 2) || soundOf(a) === soundOf(b) || a.startsWith(b) || b.startsWith(a);
  return words.every((word) => given.every((other) => !oneName(word, other)));
}

/**
 * How two records on one street under one family name were born (what the data says of its homes: ./home-pairs.ts):
 * their given names wholly other (twinNames), `apart` when their birthdays tell two people apart and `same-day`
 * when they are one day; their given names one (as written, a nickname or a typo apart), `one-name-apart` when
 * their birthdays are further apart than one person's slips. Undefined for any other pair. The birthdays are read
 * as written, whatever the model reads of them, so that what is counted does not follow from what was counted.
 */
export function bornAtOneHome(model: MatchModel, a: RecordFields, b: RecordFields): BirthAtHome | undefined {
  if (!a.birthday || !b.birthday || !sharesStreet(addressEvidence(model, a, [b])[0])) return undefined;
  const [name] = nameEvidence(model, a, [b]);
  const levelOf = (field: Field) => (name && 'fields' in name ? name.fields.find((item) => item.field === field)?.level : undefined);
  const oneFamily = levelOf('family') !== undefined && levelOf('family') !== 'different';
  const level = compareBirthday(a.birthday, b.birthday);
  if (!oneFamily || level === 'missing') return undefined;
  const apart = birthdaysApart(a.birthday, b.birthday);
  if (twinNames(a, [b])) return apart ? 'apart' : level === 'exact' ? 'same-day' : undefined;
  const oneGiven = ['exact', 'nickname', 'close'].includes(levelOf('given') ?? 'missing');
  return oneGiven && apart ? 'one-name-apart' : undefined;
}

/**
 * A record against a whole person, as one Fellegi–Sunter sum (the matcher's model and comparisons): every
 * identifier and every name, address and birthday of the person's records may be the one that agrees; what a
 * household shares counts once.
 */
export function compareWithPerson(model: MatchModel, record: RecordFields, person: readonly RecordFields[]): RecordMatch {
  const address = addressEvidence(model, record, person);
  const sameHome = address.some((item) => 'fields' in item && item.fields[0]?.level === 'exact');
  const compared = [
    ...identifierEvidence(model, record, person),
    ...nameEvidence(model, record, person, sameHome),
    ...address,
    ...birthdayEvidence(model, record, person),
  ];
  // Twins' names are weighed only where they would count: a different given name and the same birthday.
  const evidence = [...compared, ...householdEvidence(model, compared, () => twinNames(record, person))];
  const prior = priorWeight(model);
  return { weight: prior + evidence.reduce((sum, item) => sum + item.weight, 0), prior, evidence };
}

/**
 * Two records' comparisons of these fields, as m is learned from them (domain/matching/learn-m.ts), with the
 * second record's values of the term fields.
 */
export function comparedPair(model: MatchModel, a: RecordFields, b: RecordFields, fields: ReadonlySet<Field>): ComparedPair {
  const compared = [...nameEvidence(model, a, [b]), ...addressEvidence(model, a, [b]), ...birthdayEvidence(model, a, [b])];
  const comparisons = compared.flatMap((item) => ('fields' in item ? item.fields : [])).filter((comparison) => comparison.level !== 'missing' && fields.has(comparison.field));
  const name = b.names[0];
  const terms = name && { given: termValue(name.given), family: termValue(name.family) };
  return { comparisons: comparisons.map(({ field, level }) => ({ field, level })), terms, fixed: 0 };
}
