import { describe, expect, it } from 'vitest';
import { familyChangedAtHome } from './family-change.ts';
import type { FieldWeight } from './model.ts';

const name = (given: FieldWeight['level'], family: FieldWeight['level']): FieldWeight[] => [
  { field: 'given', level: given, weight: given === 'different' ? -7.5 : 6.4 },
  { field: 'family', level: family, weight: family === 'different' ? -6.6 : 8.7 },
];

describe('familyChangedAtHome', () => {
  it('weighs a family name wholly other as nothing when the given name and the home agree', () => {
    for (const given of ['exact', 'close', 'nickname'] as const) {
      expect(familyChangedAtHome(name(given, 'different'), true)[1]).toEqual({ field: 'family', level: 'changed', weight: 0 });
    }
  });

  it('leaves it against the person elsewhere, under another given name, and a given name other under one family', () => {
    expect(familyChangedAtHome(name('exact', 'different'), false)).toEqual(name('exact', 'different'));
    expect(familyChangedAtHome(name('similar', 'different'), true)).toEqual(name('similar', 'different'));
    expect(familyChangedAtHome(name('different', 'exact'), true)).toEqual(name('different', 'exact'));
    expect(familyChangedAtHome(name('exact', 'close'), true)).toEqual(name('exact', 'close'));
  });
});
