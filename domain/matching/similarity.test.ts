import { describe, expect, it } from 'vitest';
import { doubleMetaphone } from 'double-metaphone';
import { edits, editsWithin, soundOf } from './similarity.ts';

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

describe('editsWithin', () => {
  it('says whether edits() is at most the bound, a transposition one edit', () => {
    expect(editsWithin('90210', '92010', 1)).toBe(true);
    expect(editsWithin('jane.doe@example.org', 'jnae.deo@example.org', 2)).toBe(true);
    expect(editsWithin('jane.doe@example.org', 'jnae.deo@exmaple.org', 2)).toBe(false);
    expect(editsWithin('ca', 'abc', 2)).toBe(false);
    expect(editsWithin('jon', 'jonathan', 2)).toBe(false);
  });

  it('agrees with edits() on pairs a few typos apart', () => {
    // Seeded, so that a failure is the same pair every run.
    let seed = 7;
    const next = (below: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below);
    const typo = (word: string) => {
      const at = next(word.length);
      const kind = next(4);
      const letter = 'abcde'[next(5)]!;
      if (kind === 0) return word.slice(0, at) + letter + word.slice(at + 1);
      if (kind === 1) return word.slice(0, at) + letter + word.slice(at);
      if (kind === 2) return word.slice(0, at) + word.slice(at + 1);
      return word.slice(0, at) + (word[at + 1] ?? '') + word[at] + word.slice(at + 2);
    };
    for (let pair = 0; pair < 5_000; pair++) {
      const word = Array.from({ length: 2 + next(10) }, () => 'abcde'[next(5)]).join('');
      let other = word;
      for (let typos = next(5); typos > 0; typos--) other = typo(other);
      for (const most of [1, 2]) expect([word, other, editsWithin(word, other, most)]).toEqual([word, other, edits(word, other) <= most]);
    }
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
