import { describe, expect, it } from 'vitest';
import { edits } from './similarity.ts';

describe('edits', () => {
  it('counts a transposition of neighbours as one edit', () => {
    expect(edits('90210', '92010')).toBe(1);
    expect(edits('margaret', 'magraret')).toBe(1);
  });

  it('counts substitutions, insertions and deletions one each', () => {
    expect(edits('smith', 'smyth')).toBe(1);
    expect(edits('margaret', 'margret')).toBe(1);
    expect(edits('jon', 'jonathan')).toBe(5);
    expect(edits('', 'ann')).toBe(3);
    expect(edits('ann', 'ann')).toBe(0);
  });

  it('edits no substring twice (optimal string alignment): `ca` to `abc` is three edits, not two', () => {
    expect(edits('ca', 'abc')).toBe(3);
  });
});
