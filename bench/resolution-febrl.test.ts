import { describe, expect, it } from 'vitest';
import { parseFebrl } from './febrl-csv.ts';
import { personRecord, recordKey, truthOf } from './resolution-data.ts';
import { febrlLabelledRecord } from './resolution-febrl.ts';

const FILE = [
  'rec_id, given_name, surname, street_number, address_1, address_2, suburb, postcode, state, date_of_birth, soc_sec_id',
  'rec-173-org, andrew, renfrey, 23, woolner circuit, mindaree, salisbury, 3844, nsw, 19490115, 5151911',
  'rec-173-dup-0, andr ew, renfrey, 23, woolner circuit, mindaree, , 3844, nsw, 19491315, 5151911',
  'rec-561-dup-0, elton, , , light setreet, pinehill, windermere, 3212, vic, , 1234567',
].join('\n');

describe('FEBRL 4 as a resolution set', () => {
  const records = parseFebrl(FILE).map(febrlLabelledRecord);

  it('takes each row as a record of its file, the person its number, the fields both systems are given', () => {
    expect(records[0]).toEqual({
      source: 'org',
      id: 'rec-173-org',
      cluster: '173',
      firstName: 'andrew',
      surname: 'renfrey',
      dob: '1949-01-15',
      city: 'salisbury',
      email: null,
      address: '23 woolner circuit',
      postcode: '3844',
    });
    expect(truthOf(records).get(recordKey(records[1]!))).toBe('173');
  });

  it('leaves out what a row lacks or spoils: an empty suburb or surname, a date of birth with month 13, no street number', () => {
    expect(records[1]).toMatchObject({ source: 'dup', city: null, dob: null });
    expect(records[2]).toMatchObject({ surname: null, dob: null, address: 'light setreet' });
    expect(personRecord(records[2]!).details).toMatchObject({ name: { given: 'elton', family: null, full: 'elton' }, locations: [{ addressLine1: 'light setreet', city: 'windermere', postalCode: '3212' }] });
  });
});
