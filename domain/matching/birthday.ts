import type { Level } from './comparisons.ts';
import { edits } from './similarity.ts';

/** A date of birth as records and queries give it: any part may be missing. */
export type Birthday = { year?: number | null; month?: number | null; day?: number | null };

const parts = (birthday: Birthday) => [birthday.year, birthday.month, birthday.day].map((part) => (typeof part === 'number' ? part : undefined));

const written = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
const daysApart = (a: [number, number, number], b: [number, number, number]) =>
  Math.abs(Date.UTC(a[0], a[1] - 1, a[2]) - Date.UTC(b[0], b[1] - 1, b[2])) / 86_400_000;

/**
 * How two birthdays agree: `exact` when both are whole and equal; `close` when both are whole and one slip
 * apart, as records of one person are (day and month swapped, the year one off, one digit changed or two
 * neighbours swapped anywhere in the date); `similar` when both are whole and two slips apart or within a year
 * of each other, or when the parts both give agree but neither is whole on both sides (a year alone); `missing`
 * when they give no part in common; else `different`.
 */
export function compareBirthday(a: Birthday, b: Birthday): Level {
  const [[ya, ma, da], [yb, mb, db]] = [parts(a), parts(b)];
  const shared = [
    [ya, yb],
    [ma, mb],
    [da, db],
  ].filter((pair): pair is [number, number] => pair[0] !== undefined && pair[1] !== undefined);
  if (shared.length === 0) return 'missing';
  const agree = shared.every(([x, y]) => x === y);
  if (shared.length < 3) return agree ? 'similar' : 'different';
  if (agree) return 'exact';
  const first: [number, number, number] = [ya!, ma!, da!];
  const second: [number, number, number] = [yb!, mb!, db!];
  const slips = edits(written(...first), written(...second));
  if (slips <= 1 || (ya === yb && ma === db && da === mb) || (ma === mb && da === db && Math.abs(ya! - yb!) === 1)) return 'close';
  return slips <= 2 || daysApart(first, second) <= 366 ? 'similar' : 'different';
}

/** Two whole birthdays further apart than this (digits changed; years) are more than one person's records' slips. */
const ONE_PERSONS_SLIPS = { digits: 3, years: 10 };

/**
 * Whether two birthdays say two people: they differ (compareBirthday), and when both are whole, by more than the
 * slips one person's records make: more than three digits, or more than ten years (a decade's digit mistyped with
 * the day and month is still one person; a father and a son born on one day decades apart are two).
 */
export function birthdaysApart(a: Birthday, b: Birthday): boolean {
  if (compareBirthday(a, b) !== 'different') return false;
  const [[ya, ma, da], [yb, mb, db]] = [parts(a), parts(b)];
  if ([ya, ma, da, yb, mb, db].includes(undefined)) return true;
  const digits = edits(written(ya!, ma!, da!), written(yb!, mb!, db!));
  return digits > ONE_PERSONS_SLIPS.digits || Math.abs(ya! - yb!) > ONE_PERSONS_SLIPS.years;
}

/** A record's birthday from its `details.age.birthday`, or undefined when it gives no part. */
export function birthdayOf(age: { birthday?: Birthday | null } | null | undefined): Birthday | undefined {
  const birthday = age?.birthday;
  if (!birthday) return undefined;
  return parts(birthday).some((part) => part !== undefined) ? birthday : undefined;
}
