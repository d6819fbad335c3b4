import { abbreviateStreetWord } from '../persons/match-queries/street-parts.ts';
import { dateDigit, dayMonthSwapped, digit, nickname, ocr, phonetic, splitJoined, truncated, typo, yearOff, type ErrorKind } from './errors.ts';
import { givenNameOf } from './names.ts';
import { randomTown, townOf, type Town } from './places.ts';
import { isoDate, type Birth, type Person } from './population.ts';
import type { Random } from './random.ts';
import type { Field, SourceFormat, SourceProfile } from './sources.ts';

/**
 * One record of a person as a source writes it: the person's current state or (stale) an earlier one, the
 * fields the source has, in its way of writing them, with the errors it drew. The values are Splink's columns
 * (first name, surname, birth date, town, email) and three more (street address, postcode, phone); null is a
 * value the record does not give.
 */
export type RecordValues = {
  firstName: string | null;
  surname: string | null;
  dob: string | null;
  city: string | null;
  email: string | null;
  address: string | null;
  postcode: string | null;
  phone: string | null;
};
export type AppliedError = { field: Field; kind: ErrorKind };
export type Rendered = { values: RecordValues; errors: AppliedError[]; stale: boolean };

function phoneOf(random: Random, person: Person, format: SourceFormat): string | null {
  const phone = format.phone === 'landline-first' ? (person.landline ?? person.mobile) : person.mobile;
  if (phone === null || !random.chance(format.phoneInternational)) return phone;
  return `+44 ${phone.slice(1)}`;
}

/** The fields as the source writes the person, before errors and before leaving any out. */
function written(random: Random, person: Person, source: SourceProfile, stale: boolean): RecordValues {
  const { format } = source;
  const state = stale && person.earlier ? person.earlier : person.current;
  const town = townOf(state.address.town);
  const street = random.chance(format.streetAbbreviated) ? (abbreviateStreetWord(state.address.street, random.faker) ?? state.address.street) : state.address.street;
  return {
    firstName: person.middle && random.chance(format.middleName) ? `${person.given} ${person.middle}` : person.given,
    surname: state.surname,
    dob: isoDate(person.born),
    city: town.short && random.chance(format.shortTown) ? town.short : town.name,
    email: state.email,
    address: `${state.address.number} ${street}`,
    postcode: random.chance(format.postcodeUnspaced) ? state.address.postcode.replace(' ', '') : state.address.postcode,
    phone: phoneOf(random, person, format),
  };
}

const asDate = (value: string): Birth => {
  const [year, month, day] = value.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/** The value with the error made, or null when the error cannot be made in it. */
function withError(random: Random, about: { person: Person; town: Town }, field: Field, kind: ErrorKind, value: string): string | null {
  if (field === 'dob') {
    const date = asDate(value);
    const changed =
      kind === 'day-month-swapped' ? dayMonthSwapped(date)
      : kind === 'year-off' ? yearOff(random, date)
      : kind === 'digit' || kind === 'ocr' ? dateDigit(random, date, { ocr: kind === 'ocr' })
      : null;
    return changed && isoDate(changed);
  }
  switch (kind) {
    case 'typo':
      return typo(random, value);
    case 'ocr':
      return ocr(random, value, { digits: field === 'phone' });
    case 'phonetic':
      return phonetic(random, value);
    case 'truncated':
      return truncated(random, value, { initial: field === 'firstName' });
    case 'split-joined':
      return splitJoined(random, value);
    case 'digit':
      return digit(random, value);
    case 'nickname':
      return nickname(random, value);
    case 'replaced':
      // Another value from the field's table: a first name, the big town nearby (else any), another mailbox.
      if (field === 'firstName') return givenNameOf(random, about.person.sex);
      if (field === 'city') return about.town.near ?? randomTown(random).name;
      if (field === 'email') return `${value.split('@')[0]!.replace(/[._]/g, '')}.${random.int(1, 99)}@${random.pick(['outlook.com', 'gmail.com', 'protonmail.com', 'yahoo.com'])}`;
      return null;
    default:
      return null;
  }
}

const cased = (format: SourceFormat, lower: boolean, value: string) =>
  format.case === 'upper' ? value.toUpperCase() : lower ? value.toLowerCase() : value;
const TEXT_FIELDS: readonly Field[] = ['firstName', 'surname', 'city', 'address'];

/** A record of `person` in `source`, its errors drawn from `random`. */
export function renderRecord(random: Random, person: Person, source: SourceProfile): Rendered {
  const stale = person.earlier !== null && random.chance(source.stale);
  const values = written(random, person, source, stale);
  for (const field of Object.keys(values) as Field[]) if (!random.chance(source.filled[field])) values[field] = null;
  const lower = typeof source.format.case === 'object' && random.chance(source.format.case.lower);
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (value !== null) values[field] = cased(source.format, lower, value);
  }

  const drawn = random.shuffle(source.errors.filter((error) => random.chance(error.rate))).slice(0, source.maxErrors);
  const errors: AppliedError[] = [];
  const about = { person, town: townOf((stale && person.earlier ? person.earlier : person.current).address.town) };
  for (const { field, kind } of source.errors.filter((error) => drawn.includes(error))) {
    if (kind === 'names-swapped') {
      if (values.firstName === null && values.surname === null) continue;
      [values.firstName, values.surname] = [values.surname, values.firstName];
      errors.push({ field, kind });
      continue;
    }
    const value = values[field];
    if (value === null) continue;
    const changed = withError(random, about, field, kind, value);
    if (changed === null || changed === value) continue;
    values[field] = TEXT_FIELDS.includes(field) ? cased(source.format, lower, changed) : changed;
    errors.push({ field, kind });
  }
  const width = source.format.nameWidth;
  if (width) for (const field of ['firstName', 'surname'] as const) values[field] = values[field]?.slice(0, width) ?? null;
  return { values, errors, stale };
}
