import { describe, expect, it } from 'vitest';
import { outcomeOf } from './usage-recorded.ts';

const spec = (lookup: boolean) => (lookup ? { lookup: true as const } : {});

describe('outcomeOf', () => {
  it('counts a lookup answered 200 as a match and 404 as a miss', () => {
    expect(outcomeOf(200, spec(true))).toBe('match');
    expect(outcomeOf(404, spec(true))).toBe('miss');
  });

  it('counts 202 as queued, never as a match', () => {
    expect(outcomeOf(202, spec(true))).toBe('queued');
    expect(outcomeOf(202, spec(false))).toBe('queued');
  });

  it('counts other successes as ok and failures as errors', () => {
    expect(outcomeOf(200, spec(false))).toBe('ok');
    expect(outcomeOf(204, spec(false))).toBe('ok');
    expect(outcomeOf(404, spec(false))).toBe('error');
    expect(outcomeOf(400, spec(true))).toBe('error');
    expect(outcomeOf(503, spec(true))).toBe('error');
  });
});
