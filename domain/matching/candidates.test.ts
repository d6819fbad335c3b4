import { describe, expect, it } from 'vitest';
import { nameAddressMatches, rankCandidates } from './candidates.ts';
import { nameFields, placeFields } from './fields.ts';
import { DEFAULT_MODEL } from './model.ts';

const home = { addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', postalCode: '97209' };
const person = (given: string, family: string, location = home) => ({ details: { name: { given, family }, locations: [location] } });

describe('rankCandidates', () => {
  it('puts the persons found by most keys first, and keeps at most as many as asked', () => {
    expect(rankCandidates([['a', 'b'], ['b', 'c'], ['b', 'c']])).toEqual(['b', 'c', 'a']);
    expect(rankCandidates([['a', 'b'], ['b']], 1)).toEqual(['b']);
  });
});

describe('nameAddressMatches', () => {
  const query = { name: nameFields({ given: 'Ada', family: 'Lovelace' })!, place: placeFields(home) };

  it('gives the person almost all the probability, and leaves out the household member', () => {
    const matches = nameAddressMatches(DEFAULT_MODEL, query, [
      { id: '1', document: person('Grace', 'Lovelace') },
      { id: '2', document: person('Ada', 'Lovelace') },
    ]);
    expect(matches.map((match) => match.personId)).toEqual(['2']);
    expect(matches[0]!.probability).toBeGreaterThan(0.99);
  });

  it('splits it between two persons who match alike, so that neither is sure', () => {
    const matches = nameAddressMatches(DEFAULT_MODEL, query, [
      { id: '1', document: person('Ada', 'Lovelace') },
      { id: '2', document: person('Ada', 'Lovelace') },
    ]);
    expect(matches.map((match) => match.probability)).toEqual([expect.closeTo(0.5, 3), expect.closeTo(0.5, 3)]);
  });

  it('leaves out candidates that cannot be the person, and those without names or addresses', () => {
    const elsewhere = { addressLine1: '7 Oak Lane', city: 'Boston', region: 'MA', postalCode: '02110' };
    expect(nameAddressMatches(DEFAULT_MODEL, query, [{ id: '1', document: person('Eve', 'Smith', elsewhere) }, { id: '2', document: {} }])).toEqual([]);
  });
});
