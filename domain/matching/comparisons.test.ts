import { describe, expect, it } from 'vitest';
import {
  compareAddress,
  compareCity,
  compareNamePart,
  compareNames,
  compareNumber,
  comparePostcode,
  compareRegion,
  compareStreet,
  compareStreetLines,
} from './comparisons.ts';
import { nameFields, placeFields } from './fields.ts';

const given = (a: string, b: string) => compareNamePart(a.split(' '), b.split(' '), { given: true });
const family = (a: string, b: string) => compareNamePart(a.split(' '), b.split(' '), { given: false });

describe('compareNamePart', () => {
  it('is exact for split and joined words', () => {
    expect(family('de little', 'delittle')).toBe('exact');
    expect(family('van der berg', 'vanderberg')).toBe('exact');
  });

  it('is close for a typo, a transposition, the same sound or a middle name one side leaves out', () => {
    expect(family('witting', 'wittnig')).toBe('close');
    expect(family('smith', 'smyth')).toBe('close');
    expect(given('katherine', 'catherine')).toBe('close');
    expect(given('mary ann', 'mary')).toBe('close');
    expect(given('ada', 'ada augusta')).toBe('close');
  });

  it('keeps two names that share a first word apart when each has another', () => {
    expect(given('anna maria', 'anna louise')).not.toBe('close');
    expect(given('ada ecb8fb7f1ce1', 'ada 644cc5087d64')).not.toBe('close');
  });

  it('keeps short names one letter apart only similar, and unrelated names different', () => {
    expect(given('tom', 'tim')).not.toBe('close');
    expect(given('john', 'joan')).toBe('similar');
    expect(given('ada', 'margaret')).toBe('different');
    // Digits make no sound: these two sound alike to Double Metaphone, and are not alike.
    expect(given('ada53377703e72f', 'ada229dbdc8f73f')).toBe('different');
  });

  it('knows nicknames and initials of given names only', () => {
    expect(given('bill', 'william')).toBe('nickname');
    // From the public set (./nickname-groups.ts) and from the project's own groups.
    expect(given('mandy', 'amanda')).toBe('nickname');
    expect(given('liam', 'william')).toBe('nickname');
    // A name and its nickname only: albert and alfred are both `al`, bob and bill are both robert's, and the
    // public set's `bill` row (bill: robert, william) makes no nickname of robert for william.
    expect(given('albert', 'alfred')).toBe('different');
    expect(given('bob', 'bill')).not.toBe('nickname');
    expect(given('robert', 'william')).toBe('different');
    expect(given('j', 'john')).toBe('initial');
    expect(family('j', 'john')).toBe('different');
  });

  it('is missing when either side has no value', () => {
    expect(compareNamePart([], ['ada'], { given: true })).toBe('missing');
  });
});

describe('compareNames', () => {
  it('compares the parts as written and crossed', () => {
    const { straight, crossed } = compareNames(nameFields({ given: 'Lovelace', family: 'Ada' })!, nameFields({ full: 'Ada Lovelace' })!);
    expect(straight.map((c) => c.level)).toEqual(['different', 'different']);
    expect(crossed.map((c) => c.level)).toEqual(['exact', 'exact']);
  });
});

describe('address comparisons', () => {
  it('tells a street number typo or transposition from another number', () => {
    expect(compareNumber('123', '132')).toBe('close');
    expect(compareNumber('12', '480')).toBe('different');
    expect(compareNumber('', '12')).toBe('missing');
  });

  it('compares street names without number and kind, however abbreviated', () => {
    const street = (line: string) => placeFields({ addressLine1: line }).street;
    expect(compareStreet(street('12 North Main Street'), street('12 N Main St'))).toBe('exact');
    expect(compareStreet(street('12 Main Road'), street('Main'))).toBe('exact');
    expect(compareStreet(street('978 Coy Creek'), street('978 Coy Crk'))).toBe('exact');
    expect(compareStreet(street('5 Wilderman Forge'), street('5 Wildermann Forge'))).toBe('close');
    expect(compareStreet(street('5 Oak Lane'), street('5 Birch Lane'))).toBe('different');
  });

  it('finds the street on the other line of either side, and never counts the other lines against an address', () => {
    const lines = (addressLine1: string, addressLine2?: string) => placeFields({ addressLine1, addressLine2 });
    expect(compareStreetLines(lines('23 Kilburnie', 'Backler Place'), lines('23 Backler Place', 'Kilburnie'))).toBe('exact');
    expect(compareStreetLines(lines('23 Backler Place'), lines('23 Kilburnie', 'Backler Place'))).toBe('exact');
    expect(compareStreetLines(lines('23 Kilburnie', 'Bakler Place'), lines('23 Backler Place'))).toBe('close');
    expect(compareStreetLines(lines('23 Backler Place', 'Villa 5'), lines('23 Backler Place', 'Kilburnie'))).toBe('exact');
    expect(compareStreetLines(lines('5 Oak Lane', 'Rosetta Village'), lines('5 Birch Lane', 'Villa 5'))).toBe('different');
    expect(compareStreetLines(lines('5 Oak Lane', 'Birch Lane'), lines('5 Oak Lanes', 'Kilburnie'))).toBe('close');
  });

  it('compares cities and postcodes with room for one typo', () => {
    expect(compareCity('portland', 'portlnad')).toBe('close');
    expect(compareCity('portland', 'boston')).toBe('different');
    expect(comparePostcode('97209', '97290')).toBe('close');
    expect(comparePostcode('97209', '97255')).toBe('similar');
    expect(comparePostcode('97209', '10115')).toBe('different');
    expect(comparePostcode('sw1a1aa', 'sw1a1aa')).toBe('exact');
  });

  it('meets regions by name or code', () => {
    const regions = (...values: string[]) => placeFields({ region: values[0], regionCode: values[1] }).regions;
    expect(compareRegion(regions('Oregon'), regions('OR'))).toBe('exact');
    expect(compareRegion(regions('Oregon', 'OR'), regions('Ohio'))).toBe('different');
    expect(compareRegion(regions('New South Wales'), regions('NSW'))).toBe('exact');
    expect(compareRegion([], regions('OR'))).toBe('missing');
  });
});

describe('compareAddress', () => {
  const place = (addressLine1: string, city: string, postalCode = '') => placeFields({ addressLine1, city, postalCode });
  it('is exact for the same street and number, close for the same street, similar for the same postal code, town for the same town, else different', () => {
    expect(compareAddress(place('12 Byron Street', 'London'), place('12 Byron St', 'London'))).toBe('exact');
    expect(compareAddress(place('12 Byron Street', 'London'), place('14 Byron Street', 'London'))).toBe('close');
    expect(compareAddress(place('12 Byron Street', 'London', 'W1 2AB'), place('3 Elm Road', 'Londn', 'W1 2AB'))).toBe('similar');
    expect(compareAddress(place('12 Byron Street', 'London', 'W1 2AB'), place('3 Elm Road', 'London', 'SE5 8QT'))).toBe('town');
    expect(compareAddress(place('12 Byron Street', 'London'), place('3 Elm Road', 'London'))).toBe('town');
    expect(compareAddress(place('12 Byron Street', 'London'), place('3 Elm Road', 'Leeds'))).toBe('different');
    expect(compareAddress(place('', ''), place('3 Elm Road', 'Leeds'))).toBe('missing');
  });

  it('is exact for the same street in the same town or postal code where neither address gives a number', () => {
    expect(compareAddress(place('Barwell Place', 'Ashfield', '3941'), place('Barwell Place', 'Ashfeld', '3941'))).toBe('exact');
    expect(compareAddress(place('Barwell Place', 'Ashfield', '3941'), place('Barwell Place', 'Epping', '3941'))).toBe('exact');
    // A number on one side only says nothing of which house the other meant; another town is another street.
    expect(compareAddress(place('Barwell Place', 'Ashfield', '3941'), place('12 Barwell Place', 'Ashfield', '3941'))).toBe('close');
    expect(compareAddress(place('Barwell Place', 'Ashfield', '3941'), place('Barwell Place', 'Epping', '2121'))).toBe('close');
  });

  it('reads the kinds of street a name ends with, so that two streets of one kind are not one street', () => {
    expect(compareAddress(place('3 Summerland Circuit', 'Auburn'), place('3 Erldunda Circuit', 'Cooroy'))).toBe('different');
    expect(compareAddress(place('3 Summerland Circuit', 'Auburn'), place('3 Summerland Cct', 'Auburn'))).toBe('exact');
  });

  it('is home for the same house number in the same postal code where the streets are not read alike', () => {
    expect(compareAddress(place('12 Byron Street', 'London', 'W1 2AB'), place('12 Elm Road', 'London', 'W1 2AB'))).toBe('home');
    expect(compareAddress(place('12 Byron Street', 'London', 'W1 2AB'), place('12', 'London', 'W1 2BA'))).toBe('home');
    // A town is no home: its streets share house numbers.
    expect(compareAddress(place('12 Byron Street', 'London'), place('12 Elm Road', 'London'))).toBe('town');
    expect(compareAddress(place('12 Byron Street', 'London', 'W1 2AB'), place('14 Elm Road', 'London', 'W1 2AB'))).toBe('similar');
  });
});
