import { describe, expect, it } from 'vitest';
import { consentTimestampIssue } from './consent-timestamp.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const at = (timestamp: number | null | undefined) => consentTimestampIssue({ timestamp }, NOW);
const PROBLEM = { path: ['timestamp'], message: 'must be epoch milliseconds from 50 years before now to 1 day after' };

describe('consentTimestampIssue', () => {
  it('takes a timestamp from 50 years before now to a day after, and none at all', () => {
    expect(at(NOW.getTime())).toBeUndefined();
    expect(at(NOW.getTime() + DAY)).toBeUndefined();
    expect(at(Date.parse('1976-06-01T12:00:00Z'))).toBeUndefined();
    expect(at(null)).toBeUndefined();
    expect(at(undefined)).toBeUndefined();
  });

  it('refuses one later than a day after now, naming the field', () => {
    expect(at(NOW.getTime() + DAY + 1)).toEqual(PROBLEM);
    // The year 285,000: past what a Date can hold.
    expect(at(8_931_000_000_000_000)).toEqual(PROBLEM);
  });

  it('refuses one more than 50 years before now, as seconds taken for milliseconds are', () => {
    expect(at(Date.parse('1976-06-01T11:59:59.999Z'))).toEqual(PROBLEM);
    expect(at(Math.floor(NOW.getTime() / 1000))).toEqual(PROBLEM);
  });
});
