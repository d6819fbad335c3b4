import { describe, expect, it } from 'vitest';
import { parseFebrl } from './febrl-csv.ts';

const HEADER = 'rec_id, given_name, surname, street_number, address_1, address_2, suburb, postcode, state, date_of_birth, soc_sec_id';

describe('parseFebrl', () => {
  it('reads originals and duplicates with their number, fields trimmed and empty ones kept', () => {
    const rows = parseFebrl(`${HEADER}\nrec-1070-org, michaela, neumann, 8, stanley street, miami, winston hills, 4223, nsw, 19151111, 5304218\nrec-561-dup-0, elton, , 3, light setreet, , windermere, 3212, vic, , 1551941\n`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ n: 1070, kind: 'org', given_name: 'michaela', surname: 'neumann', street_number: '8', address_1: 'stanley street', suburb: 'winston hills', postcode: '4223', state: 'nsw', date_of_birth: '19151111' });
    expect(rows[1]).toMatchObject({ n: 561, kind: 'dup', given_name: 'elton', surname: '', address_2: '', date_of_birth: '' });
  });

  it('refuses another header, a short row and an unknown rec_id', () => {
    expect(() => parseFebrl('id, name\n1, a\n')).toThrow(/not a FEBRL file/);
    expect(() => parseFebrl(`${HEADER}\nrec-1-org, a, b\n`)).toThrow(/line 2: 3 fields/);
    expect(() => parseFebrl(`${HEADER}\nperson-1, a, b, 1, s, , c, 2000, nsw, 19000101, 1\n`)).toThrow(/line 2: rec_id person-1/);
  });
});
