/**
 * How the columns of a CSV file of persons are read (docs/person-records.md, "CSV"): the fields a column may give,
 * the header names each is recognised by, the operator's `--map COLUMN=FIELD` (or `?map=`), and the header read
 * with both. Pure: the CSV parsing itself is the adapter's.
 */

/** The fields a column may give; `list` fields (emails, phones) take any number of columns, the others one. */
export const CSV_FIELDS = {
  id: { header: ['id', 'record id', 'external id', 'customer id', 'contact id'] },
  given: { header: ['first name', 'given name', 'first', 'forename', 'fname'] },
  middle: { header: ['middle name', 'middle', 'middle initial'] },
  family: { header: ['last name', 'family name', 'surname', 'last', 'lname'] },
  full: { header: ['full name', 'name'] },
  email: { header: ['email', 'e-mail', 'email address', 'mail'], list: true },
  phone: { header: ['phone', 'phone number', 'telephone', 'tel'], list: true },
  address1: { header: ['address', 'address line 1', 'address 1', 'street', 'street address'] },
  address2: { header: ['address line 2', 'address 2'] },
  city: { header: ['city', 'town', 'locality'] },
  region: { header: ['state', 'region', 'province', 'state or province', 'state/province'] },
  regionCode: { header: ['state code', 'region code', 'province code'] },
  postalCode: { header: ['zip', 'zip code', 'postal code', 'postcode', 'post code'] },
  country: { header: ['country'] },
  countryCode: { header: ['country code'] },
  birthDate: { header: ['birth date', 'date of birth', 'dob', 'birthday'] },
  birthYear: { header: ['birth year', 'year of birth', 'dob year'] },
  birthMonth: { header: ['birth month', 'month of birth', 'dob month'] },
  birthDay: { header: ['birth day', 'day of birth', 'dob day'] },
  gender: { header: ['gender', 'sex'] },
  // The record's other summary fields: by --map, and by these names. "Title" alone is not job title: in lists of
  // persons it is as often Mr or Ms.
  title: { header: ['job title'] },
  organization: { header: ['organization', 'organisation', 'company', 'employer'] },
  website: { header: ['website'] },
  linkedin: { header: ['linkedin'] },
  twitter: { header: ['twitter'] },
  bio: { header: ['bio'] },
  avatar: { header: ['avatar'] },
  placekey: { header: ['placekey'] },
  updated: { header: ['updated', 'last updated'] },
} satisfies Record<string, { header: string[]; list?: boolean }>;

export type CsvField = keyof typeof CSV_FIELDS;

/** Header names that give a list field with a label: a work email, a mobile phone. */
const LABELLED: Record<string, { field: CsvField; label: string }> = {};
for (const label of ['work', 'personal', 'home', 'business']) {
  for (const name of [`${label} email`, `${label} email address`, `${label} e-mail`]) LABELLED[columnKey(name)] = { field: 'email', label };
  for (const name of [`${label} phone`, `${label} phone number`, `${label} telephone`]) LABELLED[columnKey(name)] = { field: 'phone', label };
}
for (const name of ['mobile', 'mobile phone', 'mobile number', 'cell', 'cell phone', 'cellphone']) LABELLED[columnKey(name)] = { field: 'phone', label: 'mobile' };

/** What a column gives: a field, with the label of a labelled list column. */
export type ColumnReading = { field: CsvField; label?: string };

/** Limits of a CSV file of persons, each refused naming what broke it (docs/person-records.md, "CSV"). */
export const CSV_LIMITS = {
  /** Columns of the header: more is surely not a file of persons. */
  columns: 1000,
  /** Characters of one row, quoted line breaks included: a quote left open stops here, not at the end of the file. */
  rowChars: 1 << 20,
};

/**
 * The form a header name (or a field named in --map) is compared in: lower case, letters and digits only, so that
 * `First Name`, `first_name`, `FIRST-NAME`, `FirstName` and `firstname` are one name.
 */
export function columnKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Header names, by key, and what they give. */
const BY_KEY = new Map<string, ColumnReading>();
/** What --map may name: a field by its own name or by any header name it is recognised by. */
const FIELD_BY_KEY = new Map<string, ColumnReading>();
for (const [field, { header }] of Object.entries(CSV_FIELDS) as Array<[CsvField, { header: string[] }]>) {
  for (const name of header) BY_KEY.set(columnKey(name), { field });
}
for (const [key, reading] of Object.entries(LABELLED)) BY_KEY.set(key, reading);
for (const [key, reading] of BY_KEY) FIELD_BY_KEY.set(key, reading);
for (const field of Object.keys(CSV_FIELDS) as CsvField[]) FIELD_BY_KEY.set(columnKey(field), { field });

/** The field a header name is recognised as, or undefined. */
export function recognisedColumn(name: string): ColumnReading | undefined {
  return BY_KEY.get(columnKey(name));
}

/** A header or --map the import cannot go on with: nothing is imported, and the message names what to change. */
export class CsvColumnsError extends Error {
  override name = 'CsvColumnsError';
}

/** How the operator's mapping is written where errors name it: `--map "SPEC"` on the CLI, `?map=SPEC` on the admin API. */
export type MapOption = '--map' | 'map';
const written = (option: MapOption, spec: string) => (option === '--map' ? `--map ${JSON.stringify(spec)}` : `?map=${spec}`);

/** The operator's --map: column keys (./columnKey) to what they give, or null for "ignore this column". */
export type ColumnMap = ReadonlyMap<string, { column: string; reading: ColumnReading | null }>;

/**
 * `--map COLUMN=FIELD`, each given once: the column as its header names it (compared as header names are), the
 * field by its name or any header name it is recognised by; `COLUMN=` ignores the column. The last `=` splits, so
 * a column's name may hold one.
 */
export function parseColumnMap(specs: readonly string[], option: MapOption = '--map'): ColumnMap {
  const map = new Map<string, { column: string; reading: ColumnReading | null }>();
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const column = spec.slice(0, at).trim();
    if (at < 0 || columnKey(column) === '') throw new CsvColumnsError(`${written(option, spec)}: write COLUMN=FIELD (or COLUMN= to ignore the column)`);
    const target = spec.slice(at + 1).trim();
    const reading = target === '' ? null : FIELD_BY_KEY.get(columnKey(target));
    if (reading === undefined) {
      throw new CsvColumnsError(`${written(option, spec)}: no field ${JSON.stringify(target)}; the fields are ${Object.keys(CSV_FIELDS).join(', ')}`);
    }
    if (map.has(columnKey(column))) throw new CsvColumnsError(`${written(option, spec)}: column ${JSON.stringify(column)} is mapped twice`);
    map.set(columnKey(column), { column, reading });
  }
  return map;
}

/** A header read: what each column gives (undefined: ignored), and for the summary, which and how. */
export type CsvColumns = {
  readings: Array<ColumnReading | undefined>;
  names: string[];
  /** Each column read, by its header name, and the field it gives. */
  recognised: Record<string, CsvField>;
  /** The columns no field was found for (or that --map ignores), by header name: the import leaves them out. */
  ignored: string[];
};

/** A column's name as the summary and errors show it; a blank name by its position. */
export const columnName = (names: readonly string[], index: number) => names[index]?.trim() || `(column ${index + 1})`;

/**
 * Reads a header row: --map first, then the recognised names; the rest is ignored. Refuses a header with too many
 * columns, without an id column, with two columns giving one single-valued field, or without a column --map names.
 */
export function readCsvHeader(names: readonly string[], map: ColumnMap = new Map(), option: MapOption = '--map'): CsvColumns {
  if (names.length > CSV_LIMITS.columns) {
    throw new CsvColumnsError(`the header has ${names.length.toLocaleString('en-US')} columns, more than the ${CSV_LIMITS.columns.toLocaleString('en-US')} a file of persons may have`);
  }
  const keys = names.map(columnKey);
  for (const [key, { column }] of map) {
    if (!keys.includes(key)) throw new CsvColumnsError(`${option === '--map' ? '--map' : '?map='} names column ${JSON.stringify(column)}, which the header does not have (its columns: ${names.map((_, i) => columnName(names, i)).join(', ')})`);
  }
  const readings = keys.map((key) => (map.has(key) ? (map.get(key)!.reading ?? undefined) : BY_KEY.get(key)));
  const columns: CsvColumns = { readings, names: [...names], recognised: {}, ignored: [] };
  const givenBy = new Map<CsvField, number>();
  readings.forEach((reading, index) => {
    const name = columnName(names, index);
    if (!reading) {
      columns.ignored.push(name);
      return;
    }
    const other = givenBy.get(reading.field);
    if (other !== undefined && !('list' in CSV_FIELDS[reading.field])) {
      throw new CsvColumnsError(
        `columns ${JSON.stringify(columnName(names, other))} and ${JSON.stringify(name)} both give ${reading.field}: ` +
          `map one to another field, or ignore it with ${written(option, `${name}=`)}`,
      );
    }
    givenBy.set(reading.field, index);
    columns.recognised[name] = reading.field;
  });
  if (!givenBy.has('id')) {
    throw new CsvColumnsError(
      `no id column: a record's id is what makes importing it again replace it. Name one ${CSV_FIELDS.id.header.map((name) => JSON.stringify(name)).join(', ')}, or map one with ${written(option, 'COLUMN=id')}`,
    );
  }
  return columns;
}
