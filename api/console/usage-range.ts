import type { DailyUsage } from '../../adapters/usage/port.ts';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range a chart or export covers: a year and a day (a leap year's billing period fits). */
export const MAX_RANGE_DAYS = 366;

export type DayRange = { from: string; to: string };

/** A real calendar day as YYYY-MM-DD: month 13 or February 30 parse to no date, or to another day. */
function isDay(text: string | undefined): text is string {
  if (!text || !ISO_DAY.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/**
 * The range the page asked for (`from`, `to` as YYYY-MM-DD), or the fallback where either is missing; a
 * problem to show when the request is malformed, reversed or longer than MAX_RANGE_DAYS.
 */
export function chosenRange(query: { from?: string; to?: string }, fallback: DayRange): { range: DayRange; problem?: string } {
  const from = query.from || fallback.from;
  const to = query.to || fallback.to;
  if (!isDay(from) || !isDay(to)) return { range: fallback, problem: 'Dates must be given as YYYY-MM-DD.' };
  if (from > to) return { range: fallback, problem: 'The first day must not be after the last.' };
  if (days({ from, to }).length > MAX_RANGE_DAYS) return { range: fallback, problem: `A range covers at most ${MAX_RANGE_DAYS} days.` };
  return { range: { from, to } };
}

/** Every UTC day of the range, both ends included. */
export function days(range: DayRange): string[] {
  const out: string[] = [];
  const last = Date.parse(`${range.to}T00:00:00Z`);
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= last && out.length <= MAX_RANGE_DAYS; at += DAY_MS) {
    out.push(new Date(at).toISOString().slice(0, 10));
  }
  return out;
}

export type OperationSeries = { operation: string; outcomes: Array<{ outcome: string; counts: number[] }> };

/** The store's rows as one series per operation and outcome, a count for every day of the range (0 when none). */
export function seriesByOperation(rows: DailyUsage[], range: DayRange): OperationSeries[] {
  const dayIndex = new Map(days(range).map((day, index) => [day, index]));
  const operations = new Map<string, Map<string, number[]>>();
  for (const row of rows) {
    const index = dayIndex.get(row.day);
    if (index === undefined) continue;
    const outcomes = operations.get(row.operation) ?? new Map<string, number[]>();
    operations.set(row.operation, outcomes);
    const counts = outcomes.get(row.outcome) ?? new Array<number>(dayIndex.size).fill(0);
    outcomes.set(row.outcome, counts);
    counts[index] = (counts[index] ?? 0) + row.count;
  }
  return [...operations]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([operation, outcomes]) => ({
      operation,
      outcomes: [...outcomes].sort(([a], [b]) => outcomeRank(a) - outcomeRank(b) || (a < b ? -1 : 1)).map(([outcome, counts]) => ({ outcome, counts })),
    }));
}

/** Matches first, then misses, then the rest: the order charts stack and legends list them. */
function outcomeRank(outcome: string): number {
  return outcome === 'match' ? 0 : outcome === 'miss' ? 1 : 2;
}

/** The same numbers as CSV (RFC 4180): one line per day, operation and outcome that has any. */
export function usageCsv(rows: DailyUsage[]): string {
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = ['day,operation,outcome,count', ...rows.map((row) => [row.day, quote(row.operation), quote(row.outcome), String(row.count)].join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
