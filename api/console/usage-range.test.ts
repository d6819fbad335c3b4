import { describe, expect, test } from 'vitest';
import { chosenRange, days, seriesByOperation, usageCsv } from './usage-range.ts';
import { DailyChart } from './chart.tsx';

const fallback = { from: '2026-11-01', to: '2026-11-22' };

describe('chosenRange', () => {
  test('takes the days asked for, or the fallback for what is missing', () => {
    expect(chosenRange({ from: '2026-10-30', to: '2026-11-02' }, fallback)).toEqual({ range: { from: '2026-10-30', to: '2026-11-02' } });
    expect(chosenRange({ to: '2026-11-05' }, fallback)).toEqual({ range: { from: '2026-11-01', to: '2026-11-05' } });
  });

  test('refuses malformed, impossible, reversed and over-long ranges with the fallback and a reason', () => {
    for (const query of [{ from: '2026-11-1' }, { from: '2026-02-30' }, { from: '2026-13-45' }, { to: '2026-00-00' }, { from: '2026-11-23' }, { from: '2025-01-01', to: '2026-11-22' }]) {
      const chosen = chosenRange(query, fallback);
      expect(chosen.range).toEqual(fallback);
      expect(chosen.problem).toBeTruthy();
    }
  });
});

test('days lists every UTC day of a range, across a month end', () => {
  expect(days({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
});

test('seriesByOperation fills missing days with 0 and puts matches before misses before the rest', () => {
  const range = { from: '2026-11-20', to: '2026-11-22' };
  const rows = [
    { day: '2026-11-20', operation: 'person.enrich', outcome: 'miss' as const, count: 2 },
    { day: '2026-11-22', operation: 'person.enrich', outcome: 'match' as const, count: 5 },
    { day: '2026-11-21', operation: 'company.enrich', outcome: 'queued' as const, count: 1 },
    { day: '2026-11-21', operation: 'person.enrich', outcome: 'error' as const, count: 1 },
  ];
  expect(seriesByOperation(rows, range)).toEqual([
    { operation: 'company.enrich', outcomes: [{ outcome: 'queued', counts: [0, 1, 0] }] },
    {
      operation: 'person.enrich',
      outcomes: [
        { outcome: 'match', counts: [0, 0, 5] },
        { outcome: 'miss', counts: [2, 0, 0] },
        { outcome: 'error', counts: [0, 1, 0] },
      ],
    },
  ]);
});

test('usageCsv writes a header and one line per row, RFC 4180', () => {
  expect(usageCsv([{ day: '2026-11-22', operation: 'person.enrich', outcome: 'match', count: 3 }])).toBe(
    'day,operation,outcome,count\r\n2026-11-22,person.enrich,match,3\r\n',
  );
});

test('the chart draws a bar segment per day and outcome with a count, titled, scaled to the largest day', () => {
  const svg = String(
    DailyChart({
      series: { operation: 'person.enrich', outcomes: [{ outcome: 'match', counts: [1, 0, 3] }, { outcome: 'miss', counts: [1, 0, 1] }] },
      days: ['2026-11-20', '2026-11-21', '2026-11-22'],
    }),
  );
  expect(svg.match(/<rect /g)).toHaveLength(4);
  expect(svg).toContain('<title>2026-11-22: 3 match</title>');
  expect(svg).toContain('role="img"');
  expect(svg).toMatch(/text-anchor="end">4<\/text>/);
});
