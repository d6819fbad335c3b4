import { describe, expect, it } from 'vitest';
import { dateDigit, dayMonthSwapped, digit, nickname, ocr, phonetic, splitJoined, truncated, typo, yearOff } from './errors.ts';
import { randomOf } from './random.ts';

/** Levenshtein distance with adjacent transpositions (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const NAMES = ['Williams', 'Christopher', 'Thompson', 'Philips', 'Clarke', 'McDonald', 'Jo', 'Murray', 'Anne'];
const many = <T>(label: string, make: (random: ReturnType<typeof randomOf>, value: string) => T) =>
  NAMES.flatMap((name) => Array.from({ length: 50 }, (_, at) => ({ name, out: make(randomOf(`${label}-${name}-${at}`), name) })));

describe('typo', () => {
  it('makes one keyboard slip: one key changed, added, dropped, or two swapped', () => {
    for (const { name, out } of many('typo', typo)) {
      expect(out).not.toBeNull();
      // A swap keeps each place's case (`Thompson` as `Htompson`): one edit of the letters.
      expect(distance(name.toLowerCase(), out!.toLowerCase()), `${name} -> ${out}`).toBe(1);
    }
  });
});

describe('ocr', () => {
  it('reads one letter or pair as another the scanner confuses it with, digits as digits where asked', () => {
    for (const { name, out } of many('ocr', ocr)) expect(Math.abs(out!.length - name.length) <= 1 && out !== name, `${name} -> ${out}`).toBe(true);
    expect(ocr(randomOf('none'), '---')).toBeNull();
    for (let at = 0; at < 100; at += 1) expect(ocr(randomOf(`ocr-digits-${at}`), '07911 123456', { digits: true })).toMatch(/^[0-9 ]+$/);
  });
});

describe('phonetic', () => {
  it('respells a name as it sounds, keeping its case', () => {
    const outs = new Set(Array.from({ length: 200 }, (_, at) => phonetic(randomOf(`ph-${at}`), 'Philips')));
    expect(outs.has('Filips')).toBe(true);
    for (const out of outs) expect(out).toMatch(/^[A-Z][a-z]+$/);
    expect(phonetic(randomOf('upper'), 'CLARKE')).toBe(phonetic(randomOf('upper'), 'CLARKE')!.toUpperCase());
    expect(phonetic(randomOf('none'), '---')).toBeNull();
  });
});

describe('truncated, splitJoined', () => {
  it('cuts a value short, a given name perhaps to its initial, never below three letters otherwise', () => {
    for (const { name, out } of many('cut', (r, value) => truncated(r, value, { initial: false }))) {
      if (name.length < 5) expect(out).toBeNull();
      else expect(name.startsWith(out!) && out!.length >= 3 && out!.length < name.length).toBe(true);
    }
    const initials = many('initial', (r, value) => truncated(r, value, { initial: true })).filter(({ name, out }) => out === name[0] || out === `${name[0]}.`);
    expect(initials.length).toBeGreaterThan(150);
  });

  it('joins words, splits off a prefix, or splits a word', () => {
    expect(splitJoined(randomOf('a'), 'McDonald')).toBe('Mc Donald');
    expect(['VanderBerg', 'Vanderberg']).toContain(splitJoined(randomOf('b'), 'Van der Berg'));
    expect(splitJoined(randomOf('c'), "O'Brien")!.replace(' ', '')).toBe("O'Brien");
    const split = splitJoined(randomOf('d'), 'Williams')!;
    expect(split.replace(' ', '')).toBe('Williams');
    expect(splitJoined(randomOf('e'), 'Lee')).toBeNull();
  });
});

describe('nickname', () => {
  it('gives a short form of the first given name, in its case, and none for a name without one', () => {
    expect(['Bob', 'Rob', 'Bobby']).toContain(nickname(randomOf('n'), 'Robert'));
    expect(['LIZ', 'BETH', 'BETTY', 'LIZZIE'].map((short) => `${short} ANN`)).toContain(nickname(randomOf('n'), 'ELIZABETH ANN'));
    expect(nickname(randomOf('n'), 'Itzel')).toBeNull();
  });
});

describe('digit and date errors', () => {
  it('changes one digit of a number, or swaps two', () => {
    for (let at = 0; at < 100; at += 1) {
      const out = digit(randomOf(`digit-${at}`), '07911 123456')!;
      expect(out).toMatch(/^\d{5} \d{6}$/);
      expect(distance(out, '07911 123456')).toBeGreaterThanOrEqual(1);
      expect([...out].filter((char, i) => char !== '07911 123456'[i]).length).toBeLessThanOrEqual(2);
    }
  });

  it('swaps day and month only where the day can be a month', () => {
    expect(dayMonthSwapped({ year: 1980, month: 3, day: 11 })).toEqual({ year: 1980, month: 11, day: 3 });
    expect(dayMonthSwapped({ year: 1980, month: 3, day: 13 })).toBeNull();
    expect(dayMonthSwapped({ year: 1980, month: 3, day: 3 })).toBeNull();
  });

  it('moves the year by one or ten and keeps every date a date', () => {
    const shifts = new Set<number>();
    for (let at = 0; at < 300; at += 1) {
      const out = yearOff(randomOf(`year-${at}`), { year: 1980, month: 2, day: 29 })!;
      shifts.add(out.year - 1980);
      expect(out.day).toBe(out.year % 4 === 0 ? 29 : 28);
      const digitOut = dateDigit(randomOf(`date-${at}`), { year: 1975, month: 12, day: 31 }, { ocr: at % 2 === 0 });
      if (digitOut) expect(new Date(Date.UTC(digitOut.year, digitOut.month - 1, digitOut.day)).getUTCDate()).toBe(digitOut.day);
    }
    expect([...shifts].sort((a, b) => a - b)).toEqual([-10, -1, 1, 10]);
  });
});
