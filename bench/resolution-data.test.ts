import { describe, expect, it } from 'vitest';
import { PersonRecord } from '../schemas/data/person-record.ts';
import { parseLabelledCsv, personRecord, splinkRecord, truthOf } from './resolution-data.ts';

const CSV = `unique_id,first_name,surname,dob,city,email,cluster
0,Robert,Alan,1971-06-24,,robert255@smith.net,0
1,Rob,"Allen, Jr",1971-05-24,London,,0
5,,,1991-04-26,Hull,,1
`;

describe('parseLabelledCsv', () => {
  it('reads the rows, missing values as null, and deals them to sources by id', () => {
    const records = parseLabelledCsv(CSV);
    expect(records.map((record) => [record.source, record.id, record.cluster])).toEqual([
      ['a', '0', '0'],
      ['b', '1', '0'],
      ['c', '5', '1'],
    ]);
    expect(records[1]).toMatchObject({ firstName: 'Rob', surname: 'Allen, Jr', city: 'London', email: null });
    expect(truthOf(records)).toEqual(new Map([['a:0', '0'], ['b:1', '0'], ['c:5', '1']]));
  });

  it('refuses other columns, a short row, a repeated id and a bad date, naming the row', () => {
    expect(() => parseLabelledCsv('id,name\n1,x\n')).toThrow('the columns must be');
    expect(() => parseLabelledCsv(`${CSV}7,a,b\n`)).toThrow('row 5: 3 fields, not 7');
    expect(() => parseLabelledCsv(`${CSV}5,a,b,,,,2\n`)).toThrow('row 5: unique_id 5 again');
    expect(() => parseLabelledCsv(`${CSV}8,a,b,24/06/1971,,,2\n`)).toThrow('row 5: dob must be YYYY-MM-DD');
  });
});

describe('personRecord', () => {
  it('writes a person record Kith imports', () => {
    const [robert, rob, nameless] = parseLabelledCsv(CSV).map(personRecord);
    expect(robert).toEqual({
      id: '0',
      fullName: 'Robert Alan',
      details: {
        name: { given: 'Robert', family: 'Alan', full: 'Robert Alan' },
        age: { birthday: { year: 1971, month: 6, day: 24 } },
        emails: [{ value: 'robert255@smith.net', label: 'personal' }],
        locations: [],
      },
    });
    expect(rob!.details.locations).toEqual([{ city: 'London' }]);
    expect(nameless).toMatchObject({ fullName: null, details: { name: { given: null, family: null, full: null }, emails: [] } });
    for (const record of [robert, rob, nameless]) expect(() => PersonRecord.parse(record)).not.toThrow();
  });

  it('leaves the age out when the birth date is missing', () => {
    const [record] = parseLabelledCsv('unique_id,first_name,surname,dob,city,email,cluster\n3,Ann,Lee,,,,9\n');
    expect(personRecord(record!).details).not.toHaveProperty('age');
  });
});

describe('splinkRecord', () => {
  it('flattens the record under its key', () => {
    expect(splinkRecord(parseLabelledCsv(CSV)[2]!)).toEqual({ key: 'c:5', first_name: null, surname: null, dob: '1991-04-26', city: 'Hull', email: null });
  });
});

describe('the generated sets’ columns', () => {
  const record = {
    source: 'crm',
    id: '100001',
    cluster: 'p1',
    firstName: 'Ann',
    surname: 'Lee',
    dob: null,
    city: null,
    email: null,
    address: '12 Church Road',
    postcode: 'LS6 2AB',
    phone: '+44 113 496 0000',
  };

  it('give Kith the street, postcode and phone, a landline labelled as the home’s', () => {
    const details = personRecord(record).details;
    expect(details.locations).toEqual([{ addressLine1: '12 Church Road', postalCode: 'LS6 2AB' }]);
    expect(details.phones).toEqual([{ value: '+44 113 496 0000', label: 'home' }]);
    expect(personRecord({ ...record, phone: '07911 123456' }).details.phones).toEqual([{ value: '07911 123456', label: 'mobile' }]);
    expect(personRecord({ ...record, phone: null, address: null, postcode: null }).details).toMatchObject({ locations: [] });
    expect(personRecord({ ...record, phone: null }).details).not.toHaveProperty('phones');
    expect(() => PersonRecord.parse(personRecord(record))).not.toThrow();
  });

  it('give Splink the same three columns, missing ones as null', () => {
    expect(splinkRecord({ ...record, phone: null })).toMatchObject({ key: 'crm:100001', address_line: '12 Church Road', postcode: 'LS6 2AB', phone: null });
  });
});
