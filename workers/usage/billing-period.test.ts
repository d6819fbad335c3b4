import { describe, expect, it } from 'vitest';
import { billingPeriod } from './billing-period.ts';

const at = (iso: string) => new Date(iso);

describe('billingPeriod', () => {
  it('counts a monthly period from the anchor day, end inclusive', () => {
    expect(billingPeriod('2026-01-15', 'MONTH', at('2026-03-20T12:00:00Z'))).toEqual({
      start: '2026-03-15',
      end: '2026-04-14',
      daysRemaining: 26,
    });
  });

  it('starts a new period on the anchor day itself', () => {
    expect(billingPeriod('2026-01-15', 'MONTH', at('2026-04-15T00:00:00Z')).start).toBe('2026-04-15');
    expect(billingPeriod('2026-01-15', 'MONTH', at('2026-04-14T23:59:59Z')).start).toBe('2026-03-15');
  });

  it('clamps a 31st anchor in short months and returns to the 31st after', () => {
    expect(billingPeriod('2026-01-31', 'MONTH', at('2026-03-01T00:00:00Z'))).toMatchObject({
      start: '2026-02-28',
      end: '2026-03-30',
    });
    expect(billingPeriod('2026-01-31', 'MONTH', at('2026-03-31T00:00:00Z')).start).toBe('2026-03-31');
  });

  it('gives 1 day remaining on the last day of the period', () => {
    expect(billingPeriod('2026-01-01', 'MONTH', at('2026-01-31T18:00:00Z'))).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      daysRemaining: 1,
    });
  });

  it('counts yearly periods, including a leap-day anchor', () => {
    expect(billingPeriod('2024-02-29', 'YEAR', at('2026-06-01T00:00:00Z'))).toEqual({
      start: '2026-02-28',
      end: '2027-02-27',
      daysRemaining: 272,
    });
  });

  it('treats a time before the anchor as the first period', () => {
    expect(billingPeriod('2026-05-10', 'MONTH', at('2026-05-01T00:00:00Z')).start).toBe('2026-05-10');
  });
});
