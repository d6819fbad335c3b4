import { describe, expect, it } from 'vitest';
import { doubleMetaphone } from 'double-metaphone';
import { edits, soundOf } from './similarity.ts';

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

describe('soundOf', () => {
  it('gives the primary Double Metaphone code, the same once kept and after the kept sounds were let go', () => {
    expect(soundOf('smith')).toBe('SM0');
    expect(soundOf('smyth')).toBe(soundOf('smith'));
    expect(soundOf('')).toBe('');
    const words = Array.from({ length: 25_000 }, (_, at) => `kith${at.toString(36)}`);
    for (const word of [...words, ...words.slice(0, 100)]) expect(soundOf(word)).toBe(doubleMetaphone(word)[0]);
  });
});
