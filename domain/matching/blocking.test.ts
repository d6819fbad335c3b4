import { describe, expect, it } from 'vitest';
import { personBlockingKeys, personEmailKeys, personNameKeys, queryBlockingKeys } from './blocking.ts';
import { nameFields, nameReadings, personFields, placeFields } from './fields.ts';

const home = { addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', postalCode: '97209' };
const stored = personFields({ details: { name: { given: 'Ada', family: 'De Little' }, locations: [home] } });
const storedKeys = new Set(personBlockingKeys(stored.names, stored.places));
const shared = (name: Parameters<typeof nameFields>[0], place: Parameters<typeof placeFields>[0]) =>
  queryBlockingKeys(nameReadings(name), placeFields(place)).filter((key) => storedKeys.has(key));

describe('blocking keys', () => {
  it('keys a person by each pair of its fields, names by their sound: the family name whole and its longest word, the given name', () => {
    expect([...storedKeys].map((key) => key.split(':')[0])).toEqual(['fp', 'fn', 'fc', 'fw', 'fp', 'fn', 'fc', 'fw', 'fp', 'fn', 'fc', 'fw', 'pn', 'pw', 'nwc']);
  });

  it('find the person whatever single field is wrong or missing', () => {
    const wrong = [
      { given: 'Bob', family: 'De Little' },
      { given: 'Ada', family: 'Delittel' },
    ];
    for (const name of wrong) expect(shared(name, home), JSON.stringify(name)).not.toEqual([]);
    const places = [
      { ...home, postalCode: '10115' },
      { ...home, addressLine1: 'North Main Street' },
      { ...home, addressLine1: '12 Elm Street' },
      { ...home, city: 'Boston' },
    ];
    for (const place of places) expect(shared({ given: 'Ada', family: 'De Little' }, place), JSON.stringify(place)).not.toEqual([]);
  });

  it('find the person with the family name wholly other and one more field wrong, by the given name', () => {
    const married = { given: 'Ada', family: 'Byron' };
    expect(shared(married, { ...home, postalCode: '10115' }).map((key) => key.split(':')[0])).toEqual(['fn', 'fc', 'fw', 'nwc']);
    expect(shared(married, { ...home, addressLine1: '21 North Main Street', city: 'Boston' }).map((key) => key.split(':')[0])).toEqual(['fp', 'fw', 'pw']);
  });

  it('find the person by name and street when the postal code, the house number and the city are all wrong or missing', () => {
    const lost = { addressLine1: 'North Main Street', city: 'Boston', region: 'Oregon', postalCode: '10115' };
    expect(shared({ given: 'Ada', family: 'De Little' }, lost).map((key) => key.split(':')[0])).toEqual(['fw', 'fw', 'fw']);
  });

  it('find the person with given and family swapped, joined or with both names wrong', () => {
    expect(shared({ given: 'Delittle', family: 'Ada' }, home)).not.toEqual([]);
    expect(shared({ full: 'Ada Delittle' }, home)).not.toEqual([]);
    expect(shared({ given: 'Eve', family: 'Smith' }, home).map((key) => key.split(':')[0])).toEqual(['pn', 'pw', 'nwc']);
  });

  it('find the person by a street whose longest word has a typo, or on the query’s other line, when the name’s sounds and the postal code are wrong', () => {
    const twoWords = { addressLine1: '34 Hugh Mckay Crescent', city: 'Ettalong', postalCode: '2250' };
    const person = personFields({ details: { name: { given: 'Emily', family: 'Stearnes' }, locations: [twoWords] } });
    const keys = new Set(personBlockingKeys(person.names, person.places));
    const found = (place: Parameters<typeof placeFields>[0]) => queryBlockingKeys(nameReadings({ given: 'Emily', family: 'Stearnes' }), placeFields(place)).filter((key) => keys.has(key));
    expect(found({ addressLine1: '26 Hugh Mckay Ctescent', city: 'Ettalpng', postalCode: '2259' }).map((key) => key.split(':')[0])).toEqual(['fw', 'fw']);
    expect(found({ addressLine1: '26 Rosetta Village', addressLine2: 'Hugh Mckay Crescent', city: 'Ettalpng', postalCode: '2259' }).map((key) => key.split(':')[0])).toEqual(['fw', 'fw']);
  });

  it('share nothing with another person elsewhere', () => {
    expect(shared({ given: 'Eve', family: 'Smith' }, { addressLine1: '7 Oak Lane', city: 'Boston', region: 'MA', postalCode: '02110' })).toEqual([]);
  });
});

describe('personNameKeys', () => {
  it('keys every two words of a name by their sounds, each word by its sound and its initial with a whole birthday, and each by its sound with the initial of another and the birth year', () => {
    const keys = personNameKeys([{ given: ['ada'], family: ['lovelace'] }], { year: 1815, month: 12, day: 10 });
    expect(keys).toEqual([
      'nn:AT:LFLS',
      'nb:AT:1815-12-10',
      'nb:LFLS:1815-12-10',
      'ni:a:1815-12-10',
      'ni:l:1815-12-10',
      'ns:AT:l:1815',
      'ns:LFLS:a:1815',
    ]);
    // A typo that changes a word's sound (Hnry, Henry) keeps its initial.
    const typo = personNameKeys([{ given: ['hnry'], family: ['simmons'] }], { year: 2019, month: 1, day: 31 });
    const right = personNameKeys([{ given: ['henry'], family: ['simmons'] }], { year: 2019, month: 1, day: 31 });
    expect(typo.filter((key) => right.includes(key))).toEqual(['nb:SMNS:2019-1-31', 'ni:h:2019-1-31', 'ni:s:2019-1-31', 'ns:SMNS:h:2019']);
    // Given and family written the other way round meet under the same keys.
    expect(personNameKeys([{ given: ['lovelace'], family: ['ada'] }], { year: 1815, month: 12, day: 10 }).sort()).toEqual([...keys].sort());
    expect(personNameKeys([{ given: ['ada'], family: ['lovelace'] }], { year: 1815 })).toEqual(['nn:AT:LFLS', 'ns:AT:l:1815', 'ns:LFLS:a:1815']);
    expect(personNameKeys([{ given: ['ada'], family: ['lovelace'] }], undefined)).toEqual(['nn:AT:LFLS']);
  });
});

describe('personEmailKeys', () => {
  it('keys each email by its local part, hashed: a typo in the domain still meets, another mailbox does not', () => {
    const [key] = personEmailKeys(['e.rogers3@hopkins.org']);
    expect(key).toMatch(/^el:[0-9a-f]{16}$/);
    expect(key).not.toContain('rogers');
    expect(personEmailKeys([' E.Rogers3@honkips.org'])).toEqual([key]);
    expect(personEmailKeys(['erogers3@hopkins.org'])).not.toEqual([key]);
    expect(personEmailKeys(['e.rogers3@hopkins.org', 'e.rogers3@work.example'])).toEqual([key]);
    expect(personEmailKeys(['@hopkins.org', 'not an email'])).toEqual([]);
  });
});
