import { describe, expect, it } from 'vitest';
import { columnKey, CSV_LIMITS, CsvColumnsError, parseColumnMap, readCsvHeader, recognisedColumn } from './csv-columns.ts';

describe('header names', () => {
  it('compares names whatever their case, spaces, underscores, hyphens and dots', () => {
    for (const name of ['First Name', 'first_name', 'FIRST-NAME', 'FirstName', 'firstname', ' first.name ', 'First  _Name']) {
      expect(columnKey(name), name).toBe('firstname');
    }
  });

  it.each([
    ['ID', 'id'],
    ['External_ID', 'id'],
    ['Given Name', 'given'],
    ['Forename', 'given'],
    ['Middle Initial', 'middle'],
    ['Surname', 'family'],
    ['LAST_NAME', 'family'],
    ['Name', 'full'],
    ['Full Name', 'full'],
    ['E-Mail', 'email'],
    ['Email Address', 'email'],
    ['Phone Number', 'phone'],
    ['Address Line 1', 'address1'],
    ['Street Address', 'address1'],
    ['Address 2', 'address2'],
    ['Town', 'city'],
    ['State/Province', 'region'],
    ['Region', 'region'],
    ['State Code', 'regionCode'],
    ['ZIP', 'postalCode'],
    ['Post Code', 'postalCode'],
    ['postal_code', 'postalCode'],
    ['Country', 'country'],
    ['Country Code', 'countryCode'],
    ['DOB', 'birthDate'],
    ['Date of Birth', 'birthDate'],
    ['Birth Year', 'birthYear'],
    ['Month of Birth', 'birthMonth'],
    ['Birth_Day', 'birthDay'],
    ['Sex', 'gender'],
    ['Job Title', 'title'],
    ['Company', 'organization'],
  ])('recognises %j as %s', (name, field) => {
    expect(recognisedColumn(name)?.field).toBe(field);
  });

  it('labels the emails and phones of labelled columns', () => {
    expect(recognisedColumn('Work Email')).toEqual({ field: 'email', label: 'work' });
    expect(recognisedColumn('Mobile')).toEqual({ field: 'phone', label: 'mobile' });
    expect(recognisedColumn('home_phone')).toEqual({ field: 'phone', label: 'home' });
    expect(recognisedColumn('Email')).toEqual({ field: 'email' });
  });

  it('does not read "Title" alone as a job title: in lists of persons it is as often Mr or Ms', () => {
    expect(recognisedColumn('Title')).toBeUndefined();
  });
});

describe('--map', () => {
  it('maps a column to a field named as a field or as any header name it is recognised by; COLUMN= ignores it', () => {
    const map = parseColumnMap(['Cust No=id', 'Job=title', 'Nick=first name', 'Notes=', 'a=b=email']);
    expect([...map.entries()]).toEqual([
      ['custno', { column: 'Cust No', reading: { field: 'id' } }],
      ['job', { column: 'Job', reading: { field: 'title' } }],
      ['nick', { column: 'Nick', reading: { field: 'given' } }],
      ['notes', { column: 'Notes', reading: null }],
      ['ab', { column: 'a=b', reading: { field: 'email' } }],
    ]);
  });

  it.each([
    ['no-equals', /--map "no-equals": write COLUMN=FIELD/],
    ['=id', /--map "=id": write COLUMN=FIELD/],
    ['Notes=shoe size', /--map "Notes=shoe size": no field "shoe size"; the fields are id, given, middle, family/],
  ])('refuses %j, naming it', (spec, message) => {
    expect(() => parseColumnMap([spec])).toThrow(message);
    expect(() => parseColumnMap([spec])).toThrow(CsvColumnsError);
  });

  it('refuses a column mapped twice, and names ?map= on the admin API', () => {
    expect(() => parseColumnMap(['Notes=bio', 'notes=title'], 'map')).toThrow('?map=notes=title: column "notes" is mapped twice');
  });
});

describe('a header row', () => {
  it('reads the recognised columns and lists the others as ignored', () => {
    const columns = readCsvHeader(['Record ID', 'First Name', 'Shoe Size', 'email', 'Work Email', '']);
    expect(columns.recognised).toEqual({ 'Record ID': 'id', 'First Name': 'given', email: 'email', 'Work Email': 'email' });
    expect(columns.ignored).toEqual(['Shoe Size', '(column 6)']);
    expect(columns.readings.map((reading) => reading?.field)).toEqual(['id', 'given', undefined, 'email', 'email', undefined]);
  });

  it('lets --map override a recognised name, ignore a column, and read an unknown one', () => {
    const map = parseColumnMap(['name=organization', 'PHONE=', 'cust=id']);
    const columns = readCsvHeader(['cust', 'Name', 'Phone', 'First'], map);
    expect(columns.recognised).toEqual({ cust: 'id', Name: 'organization', First: 'given' });
    expect(columns.ignored).toEqual(['Phone']);
  });

  it('refuses a header without an id column, saying how to map one', () => {
    expect(() => readCsvHeader(['first name', 'email'])).toThrow(/no id column: .* or map one with --map "COLUMN=id"/);
    expect(() => readCsvHeader(['first name', 'email'], new Map(), 'map')).toThrow(/or map one with \?map=COLUMN=id/);
  });

  it('refuses two columns giving one single-valued field, naming both', () => {
    expect(() => readCsvHeader(['id', 'Surname', 'last_name'])).toThrow(
      'columns "Surname" and "last_name" both give family: map one to another field, or ignore it with --map "last_name="',
    );
  });

  it('refuses a --map naming a column the header does not have', () => {
    expect(() => readCsvHeader(['id', 'email'], parseColumnMap(['Emial=email']))).toThrow(
      '--map names column "Emial", which the header does not have (its columns: id, email)',
    );
  });

  it(`refuses more than ${CSV_LIMITS.columns} columns`, () => {
    const names = ['id', ...Array.from({ length: CSV_LIMITS.columns }, (_, i) => `extra ${i}`)];
    expect(() => readCsvHeader(names)).toThrow('the header has 1,001 columns, more than the 1,000 a file of persons may have');
    expect(() => readCsvHeader(names.slice(0, -1))).not.toThrow();
  });
});
