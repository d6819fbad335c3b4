import type { ErrorKind } from './errors.ts';

/**
 * The sources of the multi-source generator: four systems that each hold part of one population, each with its
 * own coverage, way of writing values and errors. Rates are probabilities per record (an error: of records whose
 * field is given, before the record's cap on errors, `maxErrors`); a record draws each error of its source
 * independently, and errors past the cap are left out. Shares (`filled`) say how often a field is given at all.
 *
 * | source  | what it is                       | coverage | stale | twice | typical errors                        |
 * |---------|----------------------------------|---------:|------:|------:|----------------------------------------|
 * | `crm`   | customer records keyed by staff  |      70% |    8% |    2% | few: typos, a swapped day and month    |
 * | `web`   | accounts people opened online    |      50% |   30% |    6% | typos, nicknames, names swapped, US dates, another mailbox |
 * | `forms` | scanned paper forms, OCR'd       |      35% |   35% |    3% | OCR misreadings, truncation, capitals  |
 * | `calls` | call-centre notes, heard not read|      30% |   10% |    2% | sound-alike spellings, nicknames, a year misheard |
 *
 * Stale: the record is as of the person's earlier state (surname before marriage, home before a move, old
 * mailbox) when there is one. Twice: the source holds a second record of the person, drawn independently.
 */
export type Field = 'firstName' | 'surname' | 'dob' | 'city' | 'email' | 'address' | 'postcode' | 'phone';
export const FIELDS: readonly Field[] = ['firstName', 'surname', 'dob', 'city', 'email', 'address', 'postcode', 'phone'];

export type ErrorRate = { field: Field; kind: ErrorKind; rate: number };
export type SourceFormat = {
  /** How names, towns and streets are written: as the person spelled them, in capitals, or (share) all lower case. */
  case: 'title' | 'upper' | { lower: number };
  /** Of persons with a middle name, the share of records that write it after the first name. */
  middleName: number;
  /** The town's short name (`Hull`, `Newcastle`) where it has one. */
  shortTown: number;
  /** The kind of street abbreviated (`Rd`, `St`). */
  streetAbbreviated: number;
  /** The postcode without its space. */
  postcodeUnspaced: number;
  /** Which phone the source asks for: the mobile only, or the home landline first where there is one. */
  phone: 'mobile' | 'landline-first';
  /** The phone written +44 instead of 0. */
  phoneInternational: number;
  /** Boxes on a paper form: names cut to this many letters. */
  nameWidth?: number;
};
export type SourceProfile = {
  name: string;
  coverage: number;
  stale: number;
  duplicates: number;
  filled: Record<Field, number>;
  format: SourceFormat;
  maxErrors: number;
  errors: readonly ErrorRate[];
};

const rates = (field: Field, kinds: Partial<Record<ErrorKind, number>>): ErrorRate[] =>
  Object.entries(kinds).map(([kind, rate]) => ({ field, kind: kind as ErrorKind, rate: rate! }));

export const SOURCES: readonly SourceProfile[] = [
  {
    name: 'crm',
    coverage: 0.7,
    stale: 0.08,
    duplicates: 0.02,
    filled: { firstName: 0.99, surname: 1, dob: 0.97, city: 0.97, email: 0.7, address: 0.95, postcode: 0.93, phone: 0.75 },
    format: { case: 'title', middleName: 0.5, shortTown: 0.1, streetAbbreviated: 0.05, postcodeUnspaced: 0, phone: 'mobile', phoneInternational: 0 },
    maxErrors: 3,
    errors: [
      ...rates('firstName', { typo: 0.03, nickname: 0.04, replaced: 0.005 }),
      ...rates('surname', { typo: 0.03, 'split-joined': 0.01 }),
      ...rates('dob', { 'day-month-swapped': 0.015, digit: 0.015, 'year-off': 0.01 }),
      ...rates('city', { typo: 0.02 }),
      ...rates('email', { typo: 0.015 }),
      ...rates('address', { typo: 0.03, digit: 0.015 }),
      ...rates('postcode', { typo: 0.02 }),
      ...rates('phone', { digit: 0.015 }),
    ],
  },
  {
    name: 'web',
    coverage: 0.5,
    stale: 0.3,
    duplicates: 0.06,
    filled: { firstName: 0.98, surname: 0.97, dob: 0.65, city: 0.75, email: 1, address: 0.55, postcode: 0.6, phone: 0.5 },
    format: { case: { lower: 0.15 }, middleName: 0.1, shortTown: 0.6, streetAbbreviated: 0.3, postcodeUnspaced: 0.5, phone: 'mobile', phoneInternational: 0.1 },
    maxErrors: 4,
    errors: [
      ...rates('firstName', { typo: 0.06, nickname: 0.15, 'names-swapped': 0.03 }),
      ...rates('surname', { typo: 0.06, 'split-joined': 0.02 }),
      ...rates('dob', { 'day-month-swapped': 0.05, 'year-off': 0.03, digit: 0.03 }),
      ...rates('city', { typo: 0.05, replaced: 0.04 }),
      ...rates('email', { typo: 0.04, replaced: 0.06 }),
      ...rates('address', { typo: 0.05, digit: 0.03 }),
      ...rates('postcode', { typo: 0.04 }),
      ...rates('phone', { digit: 0.04 }),
    ],
  },
  {
    name: 'forms',
    coverage: 0.35,
    stale: 0.35,
    duplicates: 0.03,
    filled: { firstName: 0.97, surname: 0.99, dob: 0.95, city: 0.9, email: 0.45, address: 0.9, postcode: 0.85, phone: 0.6 },
    format: { case: 'upper', middleName: 0.3, shortTown: 0.3, streetAbbreviated: 0.1, postcodeUnspaced: 0.1, phone: 'landline-first', phoneInternational: 0, nameWidth: 12 },
    maxErrors: 5,
    errors: [
      ...rates('firstName', { ocr: 0.12, truncated: 0.05 }),
      ...rates('surname', { ocr: 0.12, truncated: 0.04, 'split-joined': 0.03 }),
      ...rates('dob', { ocr: 0.08, 'day-month-swapped': 0.03 }),
      ...rates('city', { ocr: 0.08 }),
      ...rates('email', { ocr: 0.12 }),
      ...rates('address', { ocr: 0.12 }),
      ...rates('postcode', { ocr: 0.1 }),
      ...rates('phone', { ocr: 0.08 }),
    ],
  },
  {
    name: 'calls',
    coverage: 0.3,
    stale: 0.1,
    duplicates: 0.02,
    filled: { firstName: 0.95, surname: 1, dob: 0.9, city: 0.85, email: 0.35, address: 0.8, postcode: 0.7, phone: 0.95 },
    format: { case: 'title', middleName: 0, shortTown: 0.7, streetAbbreviated: 0.5, postcodeUnspaced: 0, phone: 'landline-first', phoneInternational: 0.5 },
    maxErrors: 4,
    errors: [
      ...rates('firstName', { phonetic: 0.15, nickname: 0.1, typo: 0.03, 'names-swapped': 0.04 }),
      ...rates('surname', { phonetic: 0.18, typo: 0.03 }),
      ...rates('dob', { 'year-off': 0.04, 'day-month-swapped': 0.03 }),
      ...rates('city', { phonetic: 0.05, replaced: 0.05 }),
      ...rates('email', { typo: 0.08 }),
      ...rates('address', { phonetic: 0.08, digit: 0.03 }),
      ...rates('postcode', { typo: 0.06 }),
      ...rates('phone', { digit: 0.04 }),
    ],
  },
];
