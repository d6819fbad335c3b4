import { describe, expect, it } from 'vitest';
import { addressForms, nameForms, namePlacekeyKeys, householdKey } from './name-address.ts';

describe('name and address forms', () => {
  it('reduces case, accents and punctuation', () => {
    expect(nameForms({ full: 'José  García' })).toEqual(['jose garcia']);
    expect(nameForms({ given: 'Ada', family: 'Lovelace', full: 'Ada Lovelace' })).toEqual(['ada lovelace']);
    expect(nameForms({ given: 'Ada' })).toEqual([]);
  });

  it('meets street abbreviations and ZIP+4 halfway', () => {
    const stored = addressForms({ addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', regionCode: 'OR', postalCode: '97209' });
    expect(stored).toEqual(['12 n main st|zip:97209', '12 n main st|portland|oregon', '12 n main st|portland|or']);
    expect(addressForms({ addressLine1: '12 N. Main St', postalCode: '97209-1234' })).toEqual(['12 n main st|zip:97209']);
    expect(addressForms({ addressLine1: '12 N Main St', city: 'PORTLAND', regionCode: 'or' })).toEqual(['12 n main st|portland|or']);
  });

  it('gives nothing without a street line', () => {
    expect(addressForms({ city: 'Portland', postalCode: '97209' })).toEqual([]);
  });

  it('keys a name with a placekey however the placekey is written', () => {
    expect(namePlacekeyKeys(['ada lovelace'], '222-227@5vg')[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(namePlacekeyKeys(['ada lovelace'], ' 222-227@5VG ')).toEqual(namePlacekeyKeys(['ada lovelace'], '222-227@5vg'));
  });
});

describe('householdKey', () => {
  it('is one key per address, the same however the street is written, and none without a street line', () => {
    const home = { addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', regionCode: 'OR', postalCode: '97209' };
    expect(householdKey(home)).toMatch(/^[0-9a-f]{32}$/);
    expect(householdKey({ ...home, addressLine1: '12 n. main st', postalCode: '97209-1234' })).toBe(householdKey(home));
    expect(householdKey({ ...home, postalCode: null })).not.toBe(householdKey(home));
    expect(householdKey({ ...home, addressLine1: '13 North Main Street' })).not.toBe(householdKey(home));
    expect(householdKey({ ...home, addressLine1: null })).toBeUndefined();
  });
});
