import { describe, expect, it } from 'vitest';
import { rankCandidates } from './candidates.ts';

describe('rankCandidates', () => {
  it('puts the persons found by most keys first, and keeps at most as many as asked', () => {
    expect(rankCandidates([['a', 'b'], ['b', 'c'], ['b', 'c']])).toEqual(['b', 'c', 'a']);
    expect(rankCandidates([['a', 'b'], ['b']], 1)).toEqual(['b']);
  });
});
