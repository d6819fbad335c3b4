import { describe, expect, it } from 'vitest';
import { lagOf } from './kafka-lag.ts';

describe('lagOf', () => {
  const ends = [
    { partition: 0, low: '0', high: '10' },
    { partition: 1, low: '5', high: '8' },
    { partition: 2, low: '0', high: '0' },
  ];

  it('adds up what each partition has beyond its committed offset', () => {
    expect(lagOf(ends, [{ partition: 0, offset: '4' }, { partition: 1, offset: '8' }, { partition: 2, offset: '-1' }])).toBe(6);
  });

  it('counts a partition never committed, or committed below what retention kept, from its oldest message', () => {
    expect(lagOf(ends, [{ partition: 0, offset: '-1' }, { partition: 1, offset: '2' }])).toBe(13);
    expect(lagOf(ends, [])).toBe(13);
  });
});
