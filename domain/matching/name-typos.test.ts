import { describe, expect, it } from 'vitest';
import type { NameFields } from '../../schemas/events/payloads.ts';
import { compareNames } from './comparisons.ts';
import { digitsAsLetters, nameTypos } from './name-typos.ts';

const name = (given: string, family = 'smith'): NameFields => ({ given: [given], family: [family] });
/** Common given names, as a trained model's term frequencies hold them. */
const knownNames = { john: 812, tom: 530, tim: 498, anna: 377, ann: 301 };
const knownFamilies = { smith: 900, lee: 450, lea: 80 };
const givenLevel = (asked: string, held: string, known: Record<string, number> | undefined) => {
  const [query, candidate] = [name(asked), name(held)];
  return nameTypos(compareNames(query, candidate).straight, query, candidate, known ? { given: known } : {}).find((c) => c.field === 'given')!.level;
};
const familyLevel = (asked: string, held: string) => {
  const [query, candidate] = [name('john', asked), name('john', held)];
  return nameTypos(compareNames(query, candidate).straight, query, candidate, { given: knownNames, family: knownFamilies }).find((c) => c.field === 'family')!.level;
};

describe('nameTypos', () => {
  it('reads a short given name one edit from the candidate’s, and no common name, as a typo of it', () => {
    expect(givenLevel('jphn', 'john', undefined)).toBe('similar');
    expect(givenLevel('jphn', 'john', knownNames)).toBe('close'); // a neighbouring key
    expect(givenLevel('zoe', 'xoe', undefined)).toBe('different');
    expect(givenLevel('xoe', 'zoe', knownNames)).toBe('close');
  });

  it('leaves a common name one letter off another as it was: a household member’s as likely as a slip', () => {
    expect(givenLevel('tim', 'tom', knownNames)).toBe(givenLevel('tim', 'tom', undefined));
    expect(givenLevel('tim', 'tom', knownNames)).not.toBe('close');
  });

  it('reads nothing so two edits off, nor in names of two letters', () => {
    expect(givenLevel('jpxn', 'john', knownNames)).toBe('different');
    expect(givenLevel('jo', 'jp', knownNames)).toBe(givenLevel('jo', 'jp', undefined));
  });

  it('reads a family name so too, and leaves a common one as it was', () => {
    expect(familyLevel('lew', 'lee')).toBe('close');
    expect(familyLevel('lea', 'lee')).toBe(compareNames(name('john', 'lea'), name('john', 'lee')).straight.find((c) => c.field === 'family')!.level);
  });

  it('touches no field but the names', () => {
    const [query, candidate] = [name('jphn', 'smith'), name('john', 'smith')];
    const { straight } = compareNames(query, candidate);
    const read = nameTypos([...straight, { field: 'street', level: 'similar' }], query, candidate, { given: knownNames });
    expect(read.at(-1)).toEqual({ field: 'street', level: 'similar' });
  });
});

describe('digitsAsLetters', () => {
  it('reads the digits of a name as the letters print confuses them with, when the candidate’s name has none', () => {
    expect(digitsAsLetters({ given: ['sc0ttie'], family: ['flat1ey'] }, name('scotty', 'flatley'))).toEqual({ given: ['scottie'], family: ['flatley'] });
    expect(digitsAsLetters({ given: ['5arah'], family: ['8ell'] }, name('sarah', 'bell'))).toEqual({ given: ['sarah'], family: ['bell'] });
  });

  it('leaves a name as written when it has no digits, or the candidate’s has some too', () => {
    const written = { given: ['ada1f0'], family: ['lovelace'] };
    expect(digitsAsLetters(written, { given: ['ada9c2'], family: ['lovelace'] })).toBe(written);
    const plain = name('john');
    expect(digitsAsLetters(plain, name('jon'))).toBe(plain);
  });
});
