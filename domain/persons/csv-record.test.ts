import { describe, expect, it } from 'vitest';
import { PersonRecord } from '../../schemas/data/person-record.ts';
import { parseColumnMap, readCsvHeader } from './csv-columns.ts';
import { personRecordOfRow } from './csv-record.ts';

const HEADER = [
  'ID', 'First Name', 'Middle Name', 'Last Name', 'Email', 'Work Email', 'Mobile', 'Address Line 1', 'Address Line 2',
  'City', 'State', 'ZIP', 'Country', 'DOB', 'Gender', 'Notes',
];
const columns = readCsvHeader(HEADER);
const row = (values: Record<string, string>) => HEADER.map((name) => values[name] ?? '');
const recordOf = (values: Record<string, string>) => {
  const parsed = personRecordOfRow(row(values), columns);
  if (!parsed || 'error' in parsed) throw new Error(`not a record: ${JSON.stringify(parsed)}`);
  return parsed.record;
};
const errorOf = (values: string[], header = columns) => {
  const parsed = personRecordOfRow(values, header);
  return parsed && 'error' in parsed ? parsed.error : undefined;
};

describe('a CSV row as a person record', () => {
  it('makes the record an NDJSON line would hold, which the record schema accepts', () => {
    const record = recordOf({
      ID: ' crm-1 ', 'First Name': 'Grace', 'Middle Name': 'Brewster', 'Last Name': 'Hopper', Email: 'grace@navy.example',
      'Work Email': 'ghopper@work.example', Mobile: '(404) 666-2516', 'Address Line 1': '12 Byron Street', 'Address Line 2': 'Apt 4',
      City: 'Arlington', State: 'VA', ZIP: '22201', Country: 'us', DOB: '1906-12-09', Gender: 'f', Notes: 'ignored',
    });
    expect(record).toEqual({
      id: 'crm-1',
      fullName: 'Grace Hopper',
      gender: 'Female',
      details: {
        name: { given: 'Grace', middle: 'Brewster', family: 'Hopper' },
        age: { birthday: { year: 1906, month: 12, day: 9 } },
        gender: 'Female',
        emails: [{ value: 'grace@navy.example' }, { value: 'ghopper@work.example', label: 'work' }],
        phones: [{ value: '(404) 666-2516', label: 'mobile' }],
        locations: [{ addressLine1: '12 Byron Street', addressLine2: 'Apt 4', city: 'Arlington', region: 'VA', postalCode: '22201', countryCode: 'US' }],
      },
    });
    expect(PersonRecord.safeParse(record).success).toBe(true);
  });

  it('leaves out empty values, keeps a full name as written, and a country name as a name', () => {
    const header = readCsvHeader(['id', 'full name', 'country', 'gender']);
    expect(personRecordOfRow(['p-2', 'Ada King', 'United Kingdom', 'Non-binary'], header)).toEqual({
      record: {
        id: 'p-2',
        fullName: 'Ada King',
        gender: 'Non-binary',
        details: { name: { full: 'Ada King' }, gender: 'Non-binary', emails: [], phones: [], locations: [{ country: 'United Kingdom' }] },
      },
    });
    expect(personRecordOfRow(['p-3', '', '', ''], header)).toEqual({ record: { id: 'p-3', details: { emails: [], phones: [], locations: [] } } });
  });

  it('puts the birthday together from year, month (number or English name) and day columns', () => {
    const header = readCsvHeader(['id', 'birth year', 'birth month', 'birth day']);
    const birthday = (year: string, month: string, day: string) => {
      const parsed = personRecordOfRow(['p', year, month, day], header);
      return parsed && 'record' in parsed ? parsed.record.details.age?.birthday : parsed;
    };
    expect(birthday('1815', 'Dec', '10')).toEqual({ year: 1815, month: 12, day: 10 });
    expect(birthday('', 'march', '')).toEqual({ month: 3 });
    expect(birthday('1990', '02', '')).toEqual({ year: 1990, month: 2 });
  });

  it('reads the fields --map names, the summary fields among them', () => {
    const header = readCsvHeader(['key', 'Job', 'Employer', 'Seen'], parseColumnMap(['key=id', 'Job=title', 'Seen=updated']));
    expect(personRecordOfRow(['k-1', 'Admiral', 'US Navy', '2026-01-15'], header)).toMatchObject({
      record: { id: 'k-1', title: 'Admiral', organization: 'US Navy', updated: '2026-01-15' },
    });
  });

  it('takes a row of empty values for a blank line', () => {
    expect(personRecordOfRow(row({}), columns)).toBeNull();
    expect(personRecordOfRow(row({ City: '  ' }), columns)).toBeNull();
  });

  it.each([
    [{ 'First Name': 'No Id' }, 'column "ID" is empty: every row needs an id'],
    [{ ID: 'x'.repeat(201) }, 'column "ID": an id is at most 200 characters, this one 201'],
    [{ ID: 'p', DOB: '12/09/1906' }, 'column "DOB": "12/09/1906" is not a date written YYYY-MM-DD'],
    [{ ID: 'p', DOB: '1906-13-09' }, 'column "DOB": "1906-13-09" has no month 13'],
    [{ ID: 'p', DOB: '2023-02-29' }, 'column "DOB": "2023-02-29" is no day of the calendar'],
  ])('refuses %j, naming the column: %s', (values, error) => {
    expect(errorOf(row(values as Record<string, string>))).toBe(error);
  });

  it('refuses birthday parts that are no parts of a date, or disagree with the birth date', () => {
    const header = readCsvHeader(['id', 'dob', 'birth year', 'birth month', 'birth day']);
    expect(errorOf(['p', '', '85', '', ''], header)).toBe('column "birth year": "85" is not a year of four digits');
    expect(errorOf(['p', '', '', '13', ''], header)).toBe('column "birth month": "13" is not a month (1 to 12, or its English name)');
    expect(errorOf(['p', '', '', '', '32'], header)).toBe('column "birth day": "32" is not a day of the month (1 to 31)');
    expect(errorOf(['p', '', '', '2', '30'], header)).toBe("the birthday's day 30 is not in month 2");
    expect(errorOf(['p', '1990-05-01', '1991', '', ''], header)).toBe('columns "dob" and "birth year" disagree on the year of birth');
    expect(errorOf(['p', '1990-05', '1990', '5', '1'], header)).toBeUndefined();
  });

  it('refuses a row whose values do not line up with the header', () => {
    expect(errorOf(['p', 'Ada'])).toBe(`2 values where the header has ${HEADER.length} columns`);
    expect(errorOf([...row({ ID: 'p' }), 'extra'])).toBe(`${HEADER.length + 1} values where the header has ${HEADER.length} columns`);
  });

  it('refuses an updated date not written YYYY-MM-DD', () => {
    const header = readCsvHeader(['id', 'last updated']);
    expect(errorOf(['p', 'yesterday'], header)).toBe('column "last updated": "yesterday" is not a date written YYYY-MM-DD');
  });
});
