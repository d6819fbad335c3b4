import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextAttemptDelayMs, parseRetrySchedule, retryAfterMs } from './schedule.ts';

const now = new Date('2026-09-01T12:00:00Z');
const middle = () => 0.5;

function delay(attemptsMade: number, extra: { retryAfter?: string; random?: () => number; schedule?: number[] } = {}) {
  return nextAttemptDelayMs({
    attemptsMade,
    scheduleSeconds: extra.schedule ?? [5, 300, 1800],
    retryAfter: extra.retryAfter,
    random: extra.random ?? middle,
    now,
  });
}

describe('DEFAULT_RETRY_SCHEDULE_SECONDS', () => {
  it("is Standard Webhooks' example: ten attempts over about 75 hours", () => {
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    const hours = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds, 0) / 3600;
    expect(hours).toBeCloseTo(75.58, 1);
  });

  it('waits each entry in turn, then is exhausted after the tenth attempt', () => {
    const waits = [];
    for (let attemptsMade = 1; ; attemptsMade += 1) {
      const wait = nextAttemptDelayMs({
        attemptsMade,
        scheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS,
        random: middle,
        now,
      });
      if (wait === undefined) break;
      waits.push(wait / 1000);
    }
    expect(waits).toEqual([...DEFAULT_RETRY_SCHEDULE_SECONDS]);
    expect(waits.length + 1).toBe(10);
  });
});

describe('nextAttemptDelayMs', () => {
  it('moves the scheduled wait by at most 20% either way', () => {
    expect(delay(2, { random: () => 0 })).toBe(240_000);
    expect(delay(2, { random: () => 0.5 })).toBe(300_000);
    expect(delay(2, { random: () => 0.999999 })).toBe(360_000);
    expect(delay(1, { random: () => 0.25 })).toBe(4500);
  });

  it('keeps a random source that strays outside [0, 1) within the bounds', () => {
    expect(delay(2, { random: () => -3 })).toBe(240_000);
    expect(delay(2, { random: () => 7 })).toBe(360_000);
  });

  it('is undefined once the schedule is used up', () => {
    expect(delay(3)).toBe(1_800_000);
    expect(delay(4)).toBeUndefined();
    expect(delay(1, { schedule: [] })).toBeUndefined();
  });

  it('refuses an attempt count that is not a whole number of at least 1', () => {
    expect(() => delay(0)).toThrow(RangeError);
    expect(() => delay(1.5)).toThrow(RangeError);
  });

  it('honours a Retry-After longer than the schedule, up to twice the scheduled wait', () => {
    expect(delay(2, { retryAfter: '450' })).toBe(450_000);
    expect(delay(2, { retryAfter: '600' })).toBe(600_000);
    expect(delay(2, { retryAfter: '86400' })).toBe(600_000);
    expect(delay(2, { retryAfter: '99999999999999999999' })).toBe(600_000);
  });

  it('keeps the jittered schedule when Retry-After asks for less', () => {
    expect(delay(2, { retryAfter: '0' })).toBe(300_000);
    expect(delay(2, { retryAfter: '10', random: () => 0 })).toBe(240_000);
  });

  it('reads Retry-After as an HTTP-date, relative to now', () => {
    expect(delay(2, { retryAfter: 'Tue, 01 Sep 2026 12:07:30 GMT' })).toBe(450_000);
    expect(delay(2, { retryAfter: 'Tue, 01 Sep 2026 13:00:00 GMT' })).toBe(600_000);
    expect(delay(2, { retryAfter: 'Tue, 01 Sep 2026 11:00:00 GMT' })).toBe(300_000);
  });

  it('ignores a Retry-After it cannot read', () => {
    const unreadable = ['soon', '1.5', '-5', '', 'Tue, 31 Feb 2026 12:00:00 GMT', 'Tue, 01 Sep 2026 25:00:00 GMT'];
    for (const retryAfter of unreadable) {
      expect(delay(2, { retryAfter })).toBe(300_000);
    }
  });

  it('is never negative', () => {
    expect(delay(1, { schedule: [0], retryAfter: 'Mon, 01 Jan 1990 00:00:00 GMT' })).toBe(0);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and the three HTTP-date forms', () => {
    const later = 90_000;
    expect(retryAfterMs(' 90 ', now)).toBe(later);
    expect(retryAfterMs('Tue, 01 Sep 2026 12:01:30 GMT', now)).toBe(later);
    expect(retryAfterMs('Tuesday, 01-Sep-26 12:01:30 GMT', now)).toBe(later);
    expect(retryAfterMs('Tue Sep  1 12:01:30 2026', now)).toBe(later);
  });

  it('counts a date in the past as no wait', () => {
    expect(retryAfterMs('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(0);
  });

  it('is undefined for anything else', () => {
    for (const value of ['1.5', 'in a minute', '2026-09-01T12:01:30Z', 'Tue, 01 Sep 2026 12:01:30 CET']) {
      expect(retryAfterMs(value, now)).toBeUndefined();
    }
  });
});

describe('parseRetrySchedule', () => {
  it('reads seconds, comma-separated, with spaces and fractions', () => {
    expect(parseRetrySchedule('5,300,1800')).toEqual([5, 300, 1800]);
    expect(parseRetrySchedule(' 0.5 , 1,2 ')).toEqual([0.5, 1, 2]);
    expect(parseRetrySchedule('0')).toEqual([0]);
  });

  it('reads the default schedule written out', () => {
    expect(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE_SECONDS.join(','))).toEqual([...DEFAULT_RETRY_SCHEDULE_SECONDS]);
  });

  it('says which entry is wrong', () => {
    expect(() => parseRetrySchedule('')).toThrow(/empty/);
    expect(() => parseRetrySchedule('5,,300')).toThrow('retry schedule entry 2 ("") is not a number of seconds');
    expect(() => parseRetrySchedule('5,abc')).toThrow('entry 2 ("abc")');
    expect(() => parseRetrySchedule('-5')).toThrow('entry 1 ("-5")');
    expect(() => parseRetrySchedule('5s')).toThrow('entry 1 ("5s")');
    expect(() => parseRetrySchedule('1e3')).toThrow('entry 1 ("1e3")');
    expect(() => parseRetrySchedule('0.0001')).toThrow('entry 1 ("0.0001")');
    expect(() => parseRetrySchedule('5,300000000')).toThrow(/entry 2 .*seconds, not milliseconds/);
    expect(() => parseRetrySchedule(Array(101).fill('1').join(','))).toThrow(/101 entries/);
    expect(() => parseRetrySchedule('x')).toThrow(RangeError);
  });
});
