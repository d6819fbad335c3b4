import { describe, expect, it } from 'vitest';
import { nameFields, nameReadings, personFields, placeFields } from './fields.ts';

describe('nameFields', () => {
  it('takes given and family as written, else the full name with its last word the family name', () => {
    expect(nameFields({ given: 'Ada', family: 'Lovelace', full: 'x' })).toEqual({ given: ['ada'], family: ['lovelace'] });
    expect(nameFields({ full: 'Dr. Mary Ann De-Little Jr.' })).toEqual({ given: ['mary', 'ann', 'de'], family: ['little'] });
    expect(nameFields({ full: 'Cher' })).toEqual({ given: [], family: ['cher'] });
    expect(nameFields({ full: '  ' })).toBeUndefined();
  });
});

describe('nameReadings', () => {
  it('reads a full name of three words or more also split at every other word', () => {
    expect(nameReadings({ full: 'Levi Erdm an' })).toEqual([
      { given: ['levi', 'erdm'], family: ['an'] },
      { given: ['levi'], family: ['erdm', 'an'] },
    ]);
    expect(nameReadings({ full: 'Ab igail Schwen nen' })).toContainEqual({ given: ['ab', 'igail'], family: ['schwen', 'nen'] });
    expect(nameReadings({ full: 'Ada Lovelace' })).toEqual([{ given: ['ada'], family: ['lovelace'] }]);
    expect(nameReadings({ given: 'Mary Ann', family: 'Smith' })).toEqual([{ given: ['mary', 'ann'], family: ['smith'] }]);
    expect(nameReadings({ full: '' })).toEqual([]);
  });

  it('reads a full name of one word as either part, one of two words one way, and a part given alone as that part', () => {
    expect(nameReadings({ full: 'Caitlin' })).toEqual([
      { given: [], family: ['caitlin'] },
      { given: ['caitlin'], family: [] },
    ]);
    expect(nameReadings({ full: 'Lorenzo Zintl' })).toEqual([{ given: ['lorenzo'], family: ['zintl'] }]);
    expect(nameReadings({ given: 'Caitlin' })).toEqual([{ given: ['caitlin'], family: [] }]);
    expect(nameReadings({ family: 'Leslie' })).toEqual([{ given: [], family: ['leslie'] }]);
  });
});

describe('placeFields', () => {
  it('takes the street number wherever it stands, and the street name without its kind', () => {
    expect(placeFields({ addressLine1: '12 North Main Street' })).toMatchObject({ number: '12', street: ['main'] });
    expect(placeFields({ addressLine1: 'Hauptstraße 7a' })).toMatchObject({ number: '7a', street: ['hauptstrasse'] });
    expect(placeFields({ addressLine1: 'Main Street' })).toMatchObject({ number: '', street: ['main'] });
    expect(placeFields({ addressLine1: '40 5th Avenue' })).toMatchObject({ number: '40', street: ['5th'] });
    // The street line is the first line, else the second (swapped, or the first missing).
    expect(placeFields({ addressLine2: '12 North Main Street' })).toMatchObject({ number: '12', street: ['main'] });
    expect(placeFields({ addressLine1: '7 Elm Road', addressLine2: 'Flat 3' })).toMatchObject({ number: '7', street: ['elm'] });
    // A first line of only the house number: the street is on the second.
    expect(placeFields({ addressLine1: '12', addressLine2: 'Sunnybank Garden' })).toEqual(expect.objectContaining({ number: '12', street: ['sunnybank', 'garden'] }));
    expect(placeFields({ addressLine1: '12', addressLine2: 'Sunnybank Garden' })).not.toHaveProperty('otherLine');
  });

  it('splits a kind of street joined to the word before it, unless too little would be left', () => {
    expect(placeFields({ addressLine1: '3 Torrensstreet' })).toMatchObject({ number: '3', street: ['torrens'] });
    expect(placeFields({ addressLine1: '289 Bageplace' })).toMatchObject({ number: '289', street: ['bage'] });
    expect(placeFields({ addressLine1: 'Mclachla Nstreet' })).toMatchObject({ street: ['mclachla', 'nstreet'] });
    expect(placeFields({ addressLine1: '4 Harcourt Road' })).toMatchObject({ street: ['harcourt'] });
  });

  it('keeps the other line’s name when both lines are given, where the street may be written instead', () => {
    expect(placeFields({ addressLine1: '23 Kilburnie', addressLine2: 'Backler Place' })).toMatchObject({ number: '23', street: ['kilburnie'], otherLine: ['backler'] });
    expect(placeFields({ addressLine1: 'Rosetta Village', addressLine2: '16 Brunton Street' })).toMatchObject({ number: '', street: ['rosetta'], otherLine: ['brunton'] });
    expect(placeFields({ addressLine1: '7 Elm Road' })).not.toHaveProperty('otherLine');
    expect(placeFields({ addressLine2: '7 Elm Road' })).not.toHaveProperty('otherLine');
  });

  it('reduces city, postal code and region', () => {
    expect(placeFields({ city: 'San  José', postalCode: '97209-1234', region: 'Oregon' })).toMatchObject({
      city: 'san jose',
      postcode: '97209',
      regions: ['oregon', 'or'],
    });
  });
});

describe('personFields', () => {
  it('reads a record’s names once each and every address, and copes with a sparse record', () => {
    const fields = personFields({
      fullName: 'Ada Lovelace',
      details: { name: { given: 'Ada', family: 'Lovelace' }, locations: [{ addressLine1: '1 A St' }, { addressLine1: '2 B St' }] },
    });
    expect(fields.names).toEqual([{ given: ['ada'], family: ['lovelace'] }]);
    expect(fields.places.map((place) => place.number)).toEqual(['1', '2']);
    expect(personFields({})).toEqual({ names: [], places: [] });
  });
});
