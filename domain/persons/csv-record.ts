import type { z } from 'zod';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { columnName, type CsvColumns, type CsvField } from './csv-columns.ts';

/** A person record as an NDJSON line writes it (docs/person-records.md): what a CSV row becomes. */
export type PersonRecordLine = z.input<typeof PersonRecord>;

type PartialDate = { year?: number; month?: number; day?: number };

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const daysIn = (year: number | undefined, month: number) => new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();

/** Why a value is refused, to be said with its column's name. */
class BadValue extends Error {}

/** A birth date: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. Day-first and month-first writings cannot be told apart, so only ISO. */
function birthDate(value: string): PartialDate {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value);
  if (!match) throw new BadValue(`${JSON.stringify(value)} is not a date written YYYY-MM-DD`);
  const [year, month, day] = [Number(match[1]), match[2] === undefined ? undefined : Number(match[2]), match[3] === undefined ? undefined : Number(match[3])];
  if (month !== undefined && (month < 1 || month > 12)) throw new BadValue(`${JSON.stringify(value)} has no month ${month}`);
  if (day !== undefined && (day < 1 || day > daysIn(year, month!))) throw new BadValue(`${JSON.stringify(value)} is no day of the calendar`);
  return { year, month, day };
}

function birthYear(value: string): number {
  if (!/^\d{4}$/.test(value)) throw new BadValue(`${JSON.stringify(value)} is not a year of four digits`);
  return Number(value);
}

function birthMonth(value: string): number {
  const named = MONTHS.findIndex((month) => value.length >= 3 && month.startsWith(value.toLowerCase().replace(/\.$/, '')));
  if (named >= 0) return named + 1;
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 12) throw new BadValue(`${JSON.stringify(value)} is not a month (1 to 12, or its English name)`);
  return Number(value);
}

function birthDay(value: string): number {
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 31) throw new BadValue(`${JSON.stringify(value)} is not a day of the month (1 to 31)`);
  return Number(value);
}

const BIRTHDAY_PARTS: Array<[CsvField, keyof PartialDate, (text: string) => number]> = [
  ['birthYear', 'year', birthYear],
  ['birthMonth', 'month', birthMonth],
  ['birthDay', 'day', birthDay],
];

/**
 * The birthday of a row: its birth date, and the year, month and day columns, which must agree with it where both
 * give a part. `value` is a field's value in the row, `named` the name of its column, quoted.
 */
function birthdayOf(value: (field: CsvField) => string | undefined, named: (field: CsvField) => string): PartialDate {
  const read = <T,>(field: CsvField, reader: (text: string) => T): T => {
    try {
      return reader(value(field)!);
    } catch (error) {
      throw new BadValue(`column ${named(field)}: ${(error as Error).message}`);
    }
  };
  const birthday: PartialDate = value('birthDate') === undefined ? {} : read('birthDate', birthDate);
  for (const [field, part, reader] of BIRTHDAY_PARTS) {
    if (value(field) === undefined) continue;
    const number = read(field, reader);
    if (birthday[part] !== undefined && birthday[part] !== number) {
      throw new BadValue(`columns ${named('birthDate')} and ${named(field)} disagree on the ${part} of birth`);
    }
    birthday[part] = number;
  }
  if (birthday.day !== undefined && birthday.month !== undefined && birthday.day > daysIn(birthday.year, birthday.month)) {
    throw new BadValue(`the birthday's day ${birthday.day} is not in month ${birthday.month}${birthday.year === undefined ? '' : ` of ${birthday.year}`}`);
  }
  return Object.fromEntries(Object.entries(birthday).filter(([, part]) => part !== undefined));
}

/** `M` and `F` written out as the records write gender; anything else as it is written. */
const gender = (value: string) => ({ m: 'Male', f: 'Female' })[value.toLowerCase()] ?? value;

const LOCATION_FIELDS = { address1: 'addressLine1', address2: 'addressLine2', city: 'city', region: 'region', regionCode: 'regionCode', postalCode: 'postalCode', country: 'country', countryCode: 'countryCode' } as const;
const SUMMARY_FIELDS = ['title', 'organization', 'website', 'linkedin', 'twitter', 'bio', 'avatar', 'placekey', 'updated'] as const;

/**
 * A CSV row as the person record an NDJSON line would hold, so that what follows (the record's check, its keys, the
 * import's summary) is the NDJSON import's own; or why the row is refused, naming its column. Values are trimmed,
 * and an empty one is a value not given. A row of empty values is null: a blank line.
 */
export function personRecordOfRow(values: readonly string[], columns: CsvColumns): { record: PersonRecordLine } | { error: string } | null {
  if (values.every((value) => value.trim() === '')) return null;
  if (values.length !== columns.readings.length) {
    return { error: `${values.length} values where the header has ${columns.readings.length} columns` };
  }
  const single = new Map<CsvField, { value: string; column: number }>();
  const emails: Array<{ value: string; label?: string }> = [];
  const phones: Array<{ value: string; label?: string }> = [];
  values.forEach((raw, column) => {
    const reading = columns.readings[column];
    const value = raw.trim();
    if (!reading || value === '') return;
    if (reading.field === 'email') emails.push({ value, ...(reading.label && { label: reading.label }) });
    else if (reading.field === 'phone') phones.push({ value, ...(reading.label && { label: reading.label }) });
    else single.set(reading.field, { value, column });
  });
  const value = (field: CsvField) => single.get(field)?.value;
  const named = (field: CsvField) => JSON.stringify(columnName(columns.names, single.get(field)!.column));

  const id = value('id');
  const idColumn = JSON.stringify(columnName(columns.names, columns.readings.findIndex((reading) => reading?.field === 'id')));
  if (id === undefined) return { error: `column ${idColumn} is empty: every row needs an id` };
  if (id.length > 200) return { error: `column ${idColumn}: an id is at most 200 characters, this one ${id.length}` };

  let birthday: PartialDate;
  try {
    birthday = birthdayOf(value, named);
    if (value('updated') !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value('updated')!)) {
      throw new BadValue(`column ${named('updated')}: ${JSON.stringify(value('updated'))} is not a date written YYYY-MM-DD`);
    }
  } catch (error) {
    if (error instanceof BadValue) return { error: error.message };
    throw error;
  }

  const name = { given: value('given'), middle: value('middle'), family: value('family'), full: value('full') };
  const location: Record<string, string> = {};
  for (const [field, key] of Object.entries(LOCATION_FIELDS) as Array<[CsvField, string]>) {
    const text = value(field);
    if (text === undefined) continue;
    // A country of two letters is its ISO code.
    if (field === 'country' && /^[a-z]{2}$/i.test(text)) location.countryCode = text.toUpperCase();
    else location[key] = text;
  }
  const record: PersonRecordLine = {
    id,
    // Without a full name, given and family as name keys put them together (domain/persons/name-address.ts).
    fullName: name.full ?? ([name.given, name.family].filter(Boolean).join(' ') || undefined),
    ...(value('gender') !== undefined && { gender: gender(value('gender')!) }),
    ...Object.fromEntries(SUMMARY_FIELDS.flatMap((field) => (value(field) === undefined ? [] : [[field, value(field)]]))),
    details: {
      ...(Object.values(name).some(Boolean) && { name: Object.fromEntries(Object.entries(name).filter(([, part]) => part !== undefined)) }),
      ...(Object.keys(birthday).length > 0 && { age: { birthday } }),
      ...(value('gender') !== undefined && { gender: gender(value('gender')!) }),
      emails,
      phones,
      locations: Object.keys(location).length > 0 ? [location] : [],
    },
  };
  return { record };
}
