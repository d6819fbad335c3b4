import { describe, expect, it } from 'vitest';
import { rankCandidates } from './candidates.ts';

const persons = (prefix: string, count: number) => Array.from({ length: count }, (_, at) => `${prefix}${at}`);

describe('rankCandidates', () => {
  it('puts the persons found by most keys first, then by the key naming fewest, and keeps at most as many as asked', () => {
    expect(rankCandidates([['a', 'b'], ['b', 'c'], ['b', 'c']])).toEqual(['b', 'c', 'a']);
    expect(rankCandidates([['a', 'b'], ['b']], 1)).toEqual(['b']);
    expect(rankCandidates([['a', 'b', 'c'], ['d']])).toEqual(['d', 'a', 'b', 'c']);
  });

  it('compares those found by one key only to fill ten candidates, however many keys found some', () => {
    const crowd = persons('x', 25);
    const ranked = rankCandidates([[...crowd.slice(0, 24), 'meant'], ['meant', 'partner'], ['meant', 'partner'], persons('y', 25)]);
    expect(ranked).toEqual(['meant', 'partner', ...crowd.slice(0, 8)]);
    const many = persons('m', 12);
    expect(rankCandidates([[...many, ...persons('z', 13)], many])).toEqual(many);
    expect(rankCandidates([persons('p', 3), persons('q', 25)])).toEqual([...persons('p', 3), ...persons('q', 7)]);
  });
});
