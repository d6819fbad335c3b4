import { describe, expect, it } from 'vitest';
import type { LinkExplanation } from '../../domain/identity-graph/explain.ts';
import { fieldRows, markOf } from './graph-fields.ts';

type Evidence = LinkExplanation['evidence'];

describe('markOf', () => {
  const evidence: Evidence = [
    { evidence: 'email', agrees: true, weight: 16.6 },
    { evidence: 'phone', agrees: false, weight: -3 },
    { evidence: 'name', weight: 4, fields: [{ field: 'given', level: 'different', weight: -4 }, { field: 'family', level: 'exact', weight: 8 }] },
    { evidence: 'address', weight: 2, fields: [{ field: 'address', level: 'similar', weight: 2 }] },
    { evidence: 'birthday', weight: -5, fields: [{ field: 'birthday', level: 'different', weight: -5 }], apart: true },
  ];

  it('marks an identifier held by both as agreeing, one held by one only as differing, a typo apart as agreeing', () => {
    expect(markOf(evidence, 'email')).toEqual({ mark: 'agrees', levels: 'the same' });
    expect(markOf(evidence, 'phone')).toEqual({ mark: 'differs', levels: 'different' });
    expect(markOf([{ evidence: 'email', agrees: false, close: true, weight: 3 }], 'email')).toEqual({ mark: 'agrees', levels: 'close (a typo apart)' });
  });

  it('marks a field by its levels: exact, close or similar agree, different differs, both partly', () => {
    expect(markOf(evidence, 'name')).toEqual({ mark: 'partly', levels: 'given different, family exact' });
    expect(markOf(evidence, 'address')).toEqual({ mark: 'agrees', levels: 'similar' });
    expect(markOf(evidence, 'birthday')).toEqual({ mark: 'differs', levels: 'different' });
  });

  it('leaves unmarked what was not weighed', () => {
    expect(markOf(evidence, 'maid')).toBeUndefined();
    expect(markOf(evidence, undefined)).toBeUndefined();
    expect(markOf([{ evidence: 'name', weight: 0, fields: [{ field: 'given', level: 'missing', weight: 0 }] }], 'name')).toBeUndefined();
  });
});

describe('fieldRows', () => {
  it('gives a row for each field any record holds, each record’s values in its column', () => {
    const rows = fieldRows([
      {
        fullName: 'Ada Lovelace',
        details: {
          name: { given: 'Ada', family: 'Lovelace' },
          age: { birthday: { year: 1815, month: 12, day: 10 } },
          emails: [{ value: 'ada@example.org' }],
          locations: [{ addressLine1: '12 St James Square', city: 'London', postalCode: 'SW1Y 4JH', countryCode: 'GB' }],
        },
      },
      { fullName: 'A. King', details: { age: { birthday: { month: 12, day: 10 } } } },
    ]);
    expect(rows.map((row) => [row.field, row.evidence, row.values])).toEqual([
      ['name', 'name', [['Ada Lovelace'], ['A. King']]],
      ['birthday', 'birthday', [['1815-12-10'], ['????-12-10']]],
      ['address', 'address', [['12 St James Square, London, SW1Y 4JH, GB'], []]],
      ['email', 'email', [['ada@example.org'], []]],
    ]);
  });

  it('reads a document whose details do not parse as holding nothing', () => {
    expect(fieldRows([{ details: { emails: 'not a list' } }])).toEqual([]);
  });
});
