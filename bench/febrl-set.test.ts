import { describe, expect, it } from 'vitest';
import { PersonRecord } from '../schemas/data/person-record.ts';
import { febrlRow } from './febrl-example.ts';
import { febrlPerson, febrlQuery, febrlSet } from './febrl-set.ts';

describe('febrlPerson', () => {
  it('is a valid person record with an Australian home address and the birthday', () => {
    const person = febrlPerson(febrlRow(1070, 'org'));
    expect(PersonRecord.parse(person)).toBeTruthy();
    expect(person.details.locations[0]).toMatchObject({ addressLine1: '8 stanley street', addressLine2: 'miami', city: 'winston hills', regionCode: 'NSW', postalCode: '4223', countryCode: 'AU' });
    expect(person.details.age).toEqual({ birthday: { year: 1915, month: 11, day: 11 } });
    expect(person.details.emails).toEqual([{ value: 'febrl-d0f451801443fa14@example.org', label: 'personal' }]);
  });

  it('leaves out a birthday that is no date', () => {
    expect(febrlPerson(febrlRow(1, 'org', { date_of_birth: '19151311' })).details.age).toBeUndefined();
  });
});

describe('febrlQuery', () => {
  it('asks by name parts and the address, empty fields left out', () => {
    expect(febrlQuery(febrlRow(1, 'dup', { address_2: '' }))).toEqual({
      name: { given: 'michaela', family: 'neumann' },
      location: { addressLine1: '8 stanley street', city: 'winston hills', regionCode: 'NSW', postalCode: '4223', countryCode: 'AU' },
    });
  });

  it('writes the name as full when a part is missing', () => {
    expect(febrlQuery(febrlRow(1, 'dup', { surname: '' })).name).toEqual({ full: 'michaela' });
  });
});

describe('febrlSet', () => {
  it('imports the originals kept and gives each duplicate its truth, null for one left out', () => {
    const { persons, queries } = febrlSet([febrlRow(1, 'org'), febrlRow(2, 'org')], [febrlRow(2, 'dup'), febrlRow(1, 'dup')], (n) => n % 2 === 1);
    expect(persons.map((person) => person.id)).toEqual(['febrl-1']);
    expect(queries.map(({ id, truth }) => ({ id, truth }))).toEqual([
      { id: 'rec-2-dup-0', truth: null },
      { id: 'rec-1-dup-0', truth: 'febrl-1' },
    ]);
  });
});
