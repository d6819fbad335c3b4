import type { Random } from './text-errors.ts';

/**
 * The mistakes callers make writing a birthday (the record-linkage literature's: FEBRL's dsgen, GeCo), one
 * function each, undefined where the mistake cannot happen. A part may be missing: callers give a year alone.
 */
export type QueryBirthday = { year?: number; month?: number; day?: number };

/** Day and month the other way round, as a date written in the other country's order: only when both could be a month. */
export function swapDayMonth(birthday: QueryBirthday): QueryBirthday | undefined {
  const { month, day } = birthday;
  if (month === undefined || day === undefined || day > 12 || day === month) return undefined;
  return { ...birthday, month: day, day: month };
}

/** The year one off, either way. */
export function yearOneOff(birthday: QueryBirthday, r: Random): QueryBirthday | undefined {
  return birthday.year === undefined ? undefined : { ...birthday, year: birthday.year + (r.datatype.boolean() ? 1 : -1) };
}

/** One digit of the day or the year typed wrong (`1985` → `1965`, `14` → `17`), never making an impossible date. */
export function birthdayDigit(birthday: QueryBirthday, r: Random): QueryBirthday | undefined {
  const part = r.helpers.arrayElement(['year', 'day'] as const);
  const value = birthday[part];
  if (value === undefined) return undefined;
  const digits = String(value).padStart(part === 'day' ? 2 : 4, '0');
  const at = r.number.int({ min: part === 'year' ? 2 : 0, max: digits.length - 1 });
  const changed = Number(digits.slice(0, at) + r.helpers.arrayElement([...'0123456789'].filter((digit) => digit !== digits[at])) + digits.slice(at + 1));
  if (part === 'day' && (changed < 1 || changed > 28)) return undefined;
  return { ...birthday, [part]: changed };
}

/** The day and month left out: the year alone. */
export const yearAlone = (birthday: QueryBirthday): QueryBirthday | undefined =>
  birthday.year === undefined || (birthday.day === undefined && birthday.month === undefined) ? undefined : { year: birthday.year };
