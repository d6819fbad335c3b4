import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { PersonRecord } from '../../schemas/data/person-record.ts';

/** Letters only, random after the prefix: a name no other test, nor an earlier run, gave anybody. */
export const randomName = (prefix: string) => prefix + randomBytes(5).toString('hex').replace(/./g, (digit) => 'abcdefghijklmnop'[parseInt(digit, 16)]!);
export const newEmail = (label: string) => `${label}.${randomBytes(6).toString('hex')}@example.org`;

/** Each town's streets begin apart, so that two towns' random streets never read as one street name mistyped. */
const TOWNS = {
  portland: { streetPrefix: 'Elm', city: 'Portland', region: 'Oregon', regionCode: 'OR', postalCode: '97209' },
  seattle: { streetPrefix: 'Birch', city: 'Seattle', region: 'Washington', regionCode: 'WA', postalCode: '98101' },
};

/** A line of a person-data file, as written (the lists it leaves out default to empty). */
export type RecordLine = z.input<typeof PersonRecord>;

/** Somebody of random names at a random street address: the fields every record of them shares. */
export function newIndividual(town: keyof typeof TOWNS = 'portland') {
  const [given, family] = [randomName('Ada'), randomName('By')];
  const { streetPrefix, ...place } = TOWNS[town];
  const home = { label: 'home', addressLine1: `${randomInt(1, 9999)} ${randomName(streetPrefix)} Street`, ...place, country: 'United States', countryCode: 'US' };
  return { given, family, home };
}
/** Two individuals of one name, in Portland and in Seattle: two persons until a record bridges them. */
export function namesakesInTwoTowns() {
  const inPortland = newIndividual();
  return { inPortland, inSeattle: { ...newIndividual('seattle'), given: inPortland.given, family: inPortland.family } };
}
export type Individual = { given: string; family: string; home?: ReturnType<typeof newIndividual>['home'] };

/** One source's record of the individual, holding these emails (and no other identifier), and its home if known. */
export const recordOf = (individual: Individual, id: string, emails: string[], summary: Partial<RecordLine> = {}): RecordLine => ({
  id,
  fullName: `${individual.given} ${individual.family}`,
  updated: '2026-01-15',
  ...summary,
  details: {
    name: { given: individual.given, family: individual.family },
    emails: emails.map((value) => ({ value, label: 'personal' })),
    locations: individual.home ? [individual.home] : [],
  },
});
