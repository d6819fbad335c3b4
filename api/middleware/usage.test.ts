import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OperationSpec } from '../../schemas/v3/operations.ts';
import { outcomeOf } from './usage.ts';

const spec = (lookup: boolean): OperationSpec => ({
  summary: 'test',
  worker: 'usage',
  ...(lookup && { lookup: true as const }),
  request: z.object({}),
  response: z.object({}),
});

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
