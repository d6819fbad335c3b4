import { describe, expect, it } from 'vitest';
import { birthdayDigit, swapDayMonth, yearAlone, yearOneOff } from './birthday-errors.ts';
import { seeded } from './draft-fixtures.ts';

const born = { year: 1985, month: 3, day: 9 };
const outcomes = (error: typeof yearOneOff, seeds = 40) => new Set(Array.from({ length: seeds }, (_, seed) => JSON.stringify(error(born, seeded(seed + 1)))));

describe('birthday errors', () => {
  it('swap day and month only where the day could be a month', () => {
    expect(swapDayMonth(born)).toEqual({ year: 1985, month: 9, day: 3 });
    expect(swapDayMonth({ ...born, day: 21 })).toBeUndefined();
    expect(swapDayMonth({ ...born, day: 3 })).toBeUndefined();
    expect(swapDayMonth({ year: 1985 })).toBeUndefined();
  });

  it('put the year one off either way', () => {
    expect(outcomes(yearOneOff)).toEqual(new Set([JSON.stringify({ ...born, year: 1984 }), JSON.stringify({ ...born, year: 1986 })]));
  });

  it('change one digit of the day or the year’s last two, never to an impossible day', () => {
    for (const outcome of outcomes(birthdayDigit, 200)) {
      if (outcome === undefined) continue;
      const changed = JSON.parse(outcome) as typeof born;
      expect(changed.month).toBe(3);
      expect(changed.day).toBeGreaterThanOrEqual(1);
      expect(changed.day).toBeLessThanOrEqual(28);
      expect(String(changed.year).slice(0, 2)).toBe('19');
      expect([changed.year !== 1985, changed.day !== 9].filter(Boolean)).toHaveLength(1);
    }
  });

  it('leave the year alone', () => {
    expect(yearAlone(born)).toEqual({ year: 1985 });
    expect(yearAlone({ year: 1985 })).toBeUndefined();
    expect(yearAlone({ month: 3, day: 9 })).toBeUndefined();
  });
});
