import { describe, expect, it } from 'vitest';
import { CONFIDENCE_PROBABILITIES, qualifying } from './confidence.ts';

const candidate = (personId: string, probability: number, named = true) => ({ personId, probability, named });

describe('qualifying', () => {
  it('answers the best person when its probability reaches the level', () => {
    const sure = [candidate('1', 0.99)];
    for (const level of ['LOW', 'MED', 'HIGH', 'MAX'] as const) expect(qualifying(sure, level)).toEqual(['1']);
    const likely = [candidate('1', 0.9)];
    expect(qualifying(likely, 'HIGH')).toEqual(['1']);
    expect(qualifying(likely, 'MAX')).toEqual([]);
    expect(qualifying([], 'LOW')).toEqual([]);
  });

  it('orders the levels', () => {
    expect(CONFIDENCE_PROBABILITIES.LOW).toBeLessThan(CONFIDENCE_PROBABILITIES.MED);
    expect(CONFIDENCE_PROBABILITIES.MED).toBeLessThan(CONFIDENCE_PROBABILITIES.HIGH);
    expect(CONFIDENCE_PROBABILITIES.HIGH).toBeLessThan(CONFIDENCE_PROBABILITIES.MAX);
  });

  it('answers nobody at MAX while any other candidate is named by the evidence', () => {
    expect(qualifying([candidate('1', 0.999), candidate('2', 0.0001)], 'MAX')).toEqual([]);
    expect(qualifying([candidate('1', 0.999), candidate('2', 0.0001, false)], 'MAX')).toEqual(['1']);
    expect(qualifying([candidate('1', 0.999), candidate('2', 0.0001)], 'HIGH')).toEqual(['1']);
  });

  it('hands every person tied for best on at LOW, and answers nobody for a tie above it', () => {
    const tie = [candidate('a', 0.47), candidate('b', 0.47)];
    expect(qualifying(tie, 'LOW')).toEqual(['a', 'b']);
    expect(qualifying(tie, 'MED')).toEqual([]);
    expect(qualifying([candidate('a', 0.3), candidate('b', 0.3)], 'LOW')).toEqual([]);
  });
});
