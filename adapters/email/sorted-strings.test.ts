import { describe, expect, it } from 'vitest';
import { SortedStrings } from './sorted-strings.ts';

describe('a fixed set of strings held sorted in one string', () => {
  const domains = ['mailinator.com', 'a.io', '10minutemail.com', 'yopmail.com', 'guerrillamail.com', 'b.io', 'ü.de'];

  it('has each string it was made from, given in any order', () => {
    for (const order of [domains, [...domains].sort(), [...domains].reverse()]) {
      const set = new SortedStrings(order);
      for (const domain of domains) expect(set.has(domain), domain).toBe(true);
    }
  });

  it('has nothing else: not a prefix, an extension or a neighbour of a string, nor the empty string', () => {
    const set = new SortedStrings(domains);
    for (const other of ['mailinator', 'mailinator.co', 'mailinator.com.au', 'a.i', 'aa.io', 'c.io', '', 'zzz', '0']) {
      expect(set.has(other), other).toBe(false);
    }
  });

  it('answers like a Set over many strings with duplicates, and holds none when made from none', () => {
    const many = Array.from({ length: 5000 }, (_, index) => `d${(index * 7919) % 3001}.example`);
    const set = new SortedStrings(many);
    const reference = new Set(many);
    for (let index = 0; index < 3100; index += 1) expect(set.has(`d${index}.example`)).toBe(reference.has(`d${index}.example`));
    expect(new SortedStrings([]).has('')).toBe(false);
  });
});
