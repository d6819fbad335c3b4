import { describe, expect, it } from 'vitest';
import { birthdayOf, birthdaysApart, compareBirthday } from './birthday.ts';

const day = (year: number, month: number, dayOfMonth: number) => ({ year, month, day: dayOfMonth });

describe('compareBirthday', () => {
  it('is exact for the same whole date, missing when no part is given on both sides', () => {
    expect(compareBirthday(day(1971, 6, 24), day(1971, 6, 24))).toBe('exact');
    expect(compareBirthday({ year: 1971 }, { month: 6, day: 24 })).toBe('missing');
    expect(compareBirthday({}, day(1971, 6, 24))).toBe('missing');
  });

  it('is close for the slips of one person: day and month swapped, a year one off, one digit of day or month', () => {
    expect(compareBirthday(day(1980, 3, 11), day(1980, 11, 3))).toBe('close');
    expect(compareBirthday(day(1980, 3, 11), day(1981, 3, 11))).toBe('close');
    expect(compareBirthday(day(1971, 6, 24), day(1971, 6, 25))).toBe('close');
    expect(compareBirthday(day(1971, 6, 24), day(1971, 5, 24))).toBe('close');
    expect(compareBirthday(day(1971, 6, 12), day(1971, 6, 21))).toBe('close');
  });

  it('is close for one digit changed anywhere, similar for two slips or a year apart, different beyond', () => {
    expect(compareBirthday(day(1982, 7, 18), day(1992, 7, 18))).toBe('close');
    expect(compareBirthday(day(1993, 3, 27), day(1994, 3, 28))).toBe('similar');
    expect(compareBirthday(day(1971, 12, 30), day(1972, 11, 2))).toBe('similar');
    expect(compareBirthday(day(1971, 6, 24), day(1983, 9, 24))).toBe('different');
    expect(compareBirthday(day(1971, 6, 24), day(1975, 9, 2))).toBe('different');
  });

  it('is similar when the parts both give agree but the dates are not both whole, different when they do not', () => {
    expect(compareBirthday({ year: 1971 }, day(1971, 6, 24))).toBe('similar');
    expect(compareBirthday({ year: 1970 }, day(1971, 6, 24))).toBe('different');
  });
});

describe('birthdaysApart', () => {
  it('says two people only beyond one person\'s slips: more than three digits or ten years', () => {
    // A decade's digit mistyped with the day, or the year and month and day each a little off: one person's.
    expect(birthdaysApart(day(2022, 2, 2), day(2012, 1, 6))).toBe(false);
    expect(birthdaysApart(day(1988, 11, 25), day(1987, 10, 28))).toBe(false);
    // Nearer than that is not different at all.
    expect(birthdaysApart(day(1971, 6, 24), day(1971, 6, 25))).toBe(false);
    // A father and a son: born decades apart, on one day or on any other.
    expect(birthdaysApart(day(2003, 1, 19), day(1953, 1, 19))).toBe(true);
    expect(birthdaysApart(day(1960, 3, 12), day(1990, 3, 25))).toBe(true);
    expect(birthdaysApart(day(1950, 4, 2), day(1982, 9, 17))).toBe(true);
    expect(birthdaysApart(day(1971, 6, 24), day(1975, 9, 2))).toBe(true);
    // Parts that disagree where a date is not whole tell two people apart, as compareBirthday says.
    expect(birthdaysApart({ year: 1970 }, day(1971, 6, 24))).toBe(true);
  });
});

describe('birthdayOf', () => {
  it('reads details.age.birthday, undefined when it gives no part', () => {
    expect(birthdayOf({ birthday: { year: 1990 } })).toEqual({ year: 1990 });
    expect(birthdayOf({ birthday: { year: null, month: null } })).toBeUndefined();
    expect(birthdayOf(null)).toBeUndefined();
  });
});
