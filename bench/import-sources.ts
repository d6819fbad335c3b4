import type { PersonRecord } from '../schemas/data/person-record.ts';
import type { Random } from '../synthetic/resolution/random.ts';

/**
 * How the import-resolution scenario deals generated persons out to three sources: which sources hold a person,
 * and how a source's copy differs from the others. Pure: the same persons and random stream give the same records.
 */

export const IMPORT_SOURCES = ['crm', 'shop', 'events'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Of every 20 persons, 16 are in one source, 3 in two and 1 in all three: 20% in two or more, 25 records. */
const SOURCES_HELD = [...Array<number>(16).fill(1), 2, 2, 2, 3];
const RECORDS_PER_CYCLE = SOURCES_HELD.reduce((sum, held) => sum + held, 0);

/** How many persons the given number of records is made from (the last person may be cut short). */
export const personsFor = (records: number) => Math.ceil((records * SOURCES_HELD.length) / RECORDS_PER_CYCLE);

/** The sources the person at `index` is in; the first holds the person as generated, the others a copy that differs. */
export function sourcesOf(index: number, random: Random): ImportSource[] {
  const held = SOURCES_HELD[index % SOURCES_HELD.length]!;
  return random.shuffle(IMPORT_SOURCES).slice(0, held);
}

/** Common nicknames, for a copy that writes the given name so. */
const NICKNAMES: Record<string, string> = {
  Robert: 'Bob', William: 'Bill', Richard: 'Rick', James: 'Jim', John: 'Jack', Michael: 'Mike', Thomas: 'Tom',
  Christopher: 'Chris', Daniel: 'Dan', Matthew: 'Matt', Joseph: 'Joe', Anthony: 'Tony', Edward: 'Ed', Benjamin: 'Ben',
  Samuel: 'Sam', Alexander: 'Alex', Nicholas: 'Nick', Elizabeth: 'Liz', Katherine: 'Kate', Margaret: 'Peggy',
  Jennifer: 'Jen', Jessica: 'Jess', Rebecca: 'Becky', Patricia: 'Pat', Susan: 'Sue', Deborah: 'Debbie',
  Victoria: 'Vicky', Christine: 'Chris', Stephanie: 'Steph', Abigail: 'Abby',
};

/** What makes a source's copy of a person differ from the record as generated: each with its probability. */
export const COPY_DIFFERENCES = { nickname: 0.3, otherEmail: 0.5, noPhone: 0.3, olderAddress: 0.25 } as const;

export type RecordLocation = PersonRecord['details']['locations'][number];

/** YYYY-MM-DD a year earlier (29 February to 1 March). */
function aYearBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - 1, month - 1, day)).toISOString().slice(0, 10);
}

/** The person's record as `source` holds it: under the source's own `id`, and as generated when `primary`. */
export function sourceCopy(
  person: PersonRecord,
  copy: { id: string; primary: boolean; olderLocation: RecordLocation | undefined },
  random: Random,
): PersonRecord {
  if (copy.primary) return { ...person, id: copy.id };
  const details = { ...person.details };
  const name = details.name ?? {};
  const given = name.given ?? '';
  let fullName = person.fullName;
  if (random.chance(COPY_DIFFERENCES.nickname) && NICKNAMES[given]) {
    const full = [NICKNAMES[given], name.family].filter(Boolean).join(' ');
    details.name = { ...name, given: NICKNAMES[given], full };
    fullName = full;
  }
  if (random.chance(COPY_DIFFERENCES.otherEmail)) {
    const local = [given, name.family].filter(Boolean).join('.').toLowerCase().replace(/[^a-z.]/g, '') || 'contact';
    details.emails = [...details.emails, { value: `${local}.${copy.id}@workmail.com`, label: 'work' }];
  }
  if (random.chance(COPY_DIFFERENCES.noPhone)) details.phones = [];
  const older = random.chance(COPY_DIFFERENCES.olderAddress) ? copy.olderLocation : undefined;
  if (older) details.locations = [older];
  const updated = person.updated ? aYearBefore(person.updated) : person.updated;
  return {
    ...person,
    id: copy.id,
    fullName,
    updated,
    ...(older && { location: [older.city, older.region, older.country].filter(Boolean).join(', '), placekey: null }),
    details,
  };
}

/** The record as the Splink baseline reads it (bench/splink_baseline.py): its first email, phone and address. */
export function splinkRow(source: ImportSource, record: PersonRecord) {
  const { name, age, emails, phones, locations } = record.details;
  const birthday = age?.birthday;
  const dob =
    birthday?.year && birthday.month && birthday.day
      ? `${birthday.year}-${String(birthday.month).padStart(2, '0')}-${String(birthday.day).padStart(2, '0')}`
      : null;
  return {
    key: `${source}:${record.id}`,
    first_name: name?.given ?? null,
    surname: name?.family ?? null,
    dob,
    city: locations[0]?.city ?? null,
    email: emails[0]?.value ?? null,
    address_line: locations[0]?.addressLine1 ?? null,
    postcode: locations[0]?.postalCode ?? null,
    phone: phones[0]?.value ?? null,
  };
}
