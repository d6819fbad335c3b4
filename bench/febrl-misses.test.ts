import { describe, expect, it } from 'vitest';
import { febrlRow } from './febrl-example.ts';
import { brokenAddressFields, classifyMiss, countMisses } from './febrl-misses.ts';

const original = febrlRow(1, 'org');
const dup = (fields: Partial<typeof original>) => febrlRow(1, 'dup', fields);

describe('classifyMiss', () => {
  it('names a missing name first', () => {
    expect(classifyMiss(original, dup({ surname: '', postcode: '9999', state: 'vic' }))).toBe('a name missing');
    expect(classifyMiss(original, dup({ given_name: '' }))).toBe('a name missing');
  });

  it('tells both names replaced or swapped', () => {
    expect(classifyMiss(original, dup({ given_name: 'neumann', surname: 'michaela' }))).toBe('both names changed or swapped');
    expect(classifyMiss(original, dup({ given_name: 'joshua', surname: 'brown' }))).toBe('both names changed or swapped');
  });

  it('tells one name wholly replaced from one misspelt', () => {
    expect(classifyMiss(original, dup({ given_name: 'joshua' }))).toBe('given name replaced (surname and address agree)');
    expect(classifyMiss(original, dup({ surname: 'brown', suburb: 'windermere' }))).toBe('surname replaced (given name and address agree)');
    expect(classifyMiss(original, dup({ given_name: 'micheala' }))).toBe('other');
  });

  it('counts two or more broken address fields, a replaced name with them included', () => {
    expect(classifyMiss(original, dup({ postcode: '4232', address_1: 'stanley st' }))).toBe('two or more address fields broken');
    expect(classifyMiss(original, dup({ given_name: 'joshua', address_2: '', suburb: 'dapto' }))).toBe('two or more address fields broken');
  });
});

describe('brokenAddressFields', () => {
  it('names the address fields written otherwise, a value gone included', () => {
    expect(brokenAddressFields(original, dup({ address_2: '', state: 'vic', given_name: 'x' }))).toEqual(['address_2', 'state']);
  });
});

describe('countMisses', () => {
  it('counts each category, every one named', () => {
    const counts = countMisses([{ original, duplicate: dup({ surname: '' }) }, { original, duplicate: dup({ given_name: 'micheala' }) }]);
    expect(counts).toEqual({
      'a name missing': 1,
      'both names changed or swapped': 0,
      'given name replaced (surname and address agree)': 0,
      'surname replaced (given name and address agree)': 0,
      'two or more address fields broken': 0,
      other: 1,
    });
  });
});
