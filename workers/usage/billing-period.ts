import type { PlanPeriod } from '../../schemas/admin/plans.ts';

export type BillingPeriod = {
  /** First day of the period, YYYY-MM-DD. */
  start: string;
  /** Last day of the period (inclusive), YYYY-MM-DD. */
  end: string;
  /** Days from today to the end, today included: 1 on the last day. */
  daysRemaining: number;
};

const DAY_MS = 86_400_000;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The anchor moved on by `months`, its day of month clamped to the target month (Jan 31 + 1 = Feb 28). */
function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay)));
}

/**
 * The billing period containing `now`: periods run from the account's anchor day, every month or every year,
 * each counted from the anchor itself so that a 31st anchor comes back to the 31st after a short month.
 */
export function billingPeriod(anchorDay: string, period: PlanPeriod, now: Date): BillingPeriod {
  const anchor = parseDay(anchorDay);
  const today = parseDay(formatDay(now));
  const step = period === 'MONTH' ? 1 : 12;
  const monthsSinceAnchor =
    (today.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (today.getUTCMonth() - anchor.getUTCMonth());
  let index = Math.max(0, Math.floor(monthsSinceAnchor / step));
  while (index > 0 && addMonthsClamped(anchor, index * step) > today) index -= 1;
  while (addMonthsClamped(anchor, (index + 1) * step) <= today) index += 1;
  const start = addMonthsClamped(anchor, index * step);
  const end = new Date(addMonthsClamped(anchor, (index + 1) * step).getTime() - DAY_MS);
  return {
    start: formatDay(start),
    end: formatDay(end),
    daysRemaining: Math.round((end.getTime() - today.getTime()) / DAY_MS) + 1,
  };
}
