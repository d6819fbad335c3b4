/**
 * When to try a failed webhook delivery again: pure, so the worker stores the answer as `next_attempt_at`
 * and nothing sleeps. The schedule is configuration; jitter comes from an injected random source.
 */

/**
 * Standard Webhooks' example: after the first, immediate attempt wait 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
 * 20 h and 24 h. Ten attempts over about 75.6 hours (Svix stops after about 27.6).
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = Object.freeze([
  5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400,
]);

/** Each wait is moved by up to this fraction either way, so failures that happened together spread out. */
export const RETRY_JITTER = 0.2;

const MAX_SCHEDULE_ENTRIES = 100;
const MAX_WAIT_SECONDS = 7 * 86_400;

export type NextAttemptInput = {
  /** Attempts made so far, the one that just failed included (1 after the first attempt). */
  attemptsMade: number;
  /** Seconds to wait before each retry: entry 0 follows the first attempt. */
  scheduleSeconds: readonly number[];
  /** The receiver's `Retry-After` header, as sent (delay-seconds or an HTTP-date). */
  retryAfter?: string | undefined;
  /** A number in [0, 1), as Math.random gives. */
  random: () => number;
  now: Date;
};

/**
 * Milliseconds to wait before the next attempt, or undefined when the schedule is exhausted.
 *
 * The scheduled wait gets ±20% jitter. A `Retry-After` is honoured but kept within bounds, as Svix does: a wait
 * shorter than the jittered schedule keeps the schedule; a longer one is granted up to twice the scheduled wait,
 * so a receiver can slow retries down but cannot stretch a 5-second retry into a day or stop them.
 */
export function nextAttemptDelayMs(input: NextAttemptInput): number | undefined {
  const { attemptsMade, scheduleSeconds } = input;
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be a whole number of at least 1, not ${attemptsMade}`);
  }
  const scheduled = scheduleSeconds[attemptsMade - 1];
  if (scheduled === undefined) return undefined;
  const scheduledMs = scheduled * 1000;
  const random = Math.min(Math.max(input.random(), 0), 1);
  const jitteredMs = scheduledMs * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random);
  const askedMs = input.retryAfter === undefined ? undefined : retryAfterMs(input.retryAfter, input.now);
  const delayMs = askedMs === undefined ? jitteredMs : Math.max(jitteredMs, Math.min(askedMs, 2 * scheduledMs));
  return Math.max(0, Math.round(delayMs));
}

/** A `Retry-After` value as milliseconds from `now` (never negative), or undefined when it cannot be read. */
export function retryAfterMs(value: string, now: Date): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = parseHttpDate(text);
  return at === undefined ? undefined : Math.max(0, at - now.getTime());
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const DAY = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const IMF_FIXDATE = new RegExp(`^(?:${DAY}), (\\d{2}) (${MONTH}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const RFC_850 = new RegExp(`^(?:${DAY})[a-z]*, (\\d{2})-(${MONTH})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const ASCTIME = new RegExp(`^(?:${DAY}) (${MONTH}) ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);

/**
 * The three HTTP-date forms recipients must accept (RFC 9110 §5.6.7), all UTC: IMF-fixdate
 * `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and asctime
 * `Sun Nov  6 08:49:37 1994`. Date.parse is not used: it reads "1.5" as a date in 2001.
 */
function parseHttpDate(text: string): number | undefined {
  const imf = IMF_FIXDATE.exec(text);
  if (imf) return utc([imf[3], imf[2], imf[1]], imf.slice(4));
  const rfc850 = RFC_850.exec(text);
  if (rfc850) {
    const shortYear = Number(rfc850[3]);
    const year = String(shortYear >= 70 ? 1900 + shortYear : 2000 + shortYear);
    return utc([year, rfc850[2], rfc850[1]], rfc850.slice(4));
  }
  const asctime = ASCTIME.exec(text);
  if (asctime) return utc([asctime[6], asctime[1], asctime[2]], asctime.slice(3, 6));
  return undefined;
}

type Day = [year: string | undefined, month: string | undefined, day: string | undefined];

/** The instant, or undefined for a day or time that does not exist (31 Feb, 25:00). */
function utc([year, month, day]: Day, time: string[]): number | undefined {
  const fields = [Number(year), MONTHS.indexOf(month ?? ''), Number(day), ...time.map(Number)];
  const at = new Date(Date.UTC(fields[0]!, fields[1]!, fields[2], fields[3], fields[4], fields[5]));
  const read = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
  read.push(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds());
  return read.every((value, index) => value === fields[index]) ? at.getTime() : undefined;
}

/**
 * A retry schedule given as configuration: seconds to wait before each retry, comma-separated
 * (`"5,300,1800"`: three retries, four attempts in all). Fractions down to milliseconds are allowed (`"0.5"`).
 * Throws a RangeError that says which entry is wrong.
 */
export function parseRetrySchedule(text: string): number[] {
  if (text.trim() === '') {
    throw new RangeError('the retry schedule is empty: list the seconds to wait before each retry, e.g. "5,300,1800"');
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length > MAX_SCHEDULE_ENTRIES) {
    throw new RangeError(`the retry schedule has ${entries.length} entries; at most ${MAX_SCHEDULE_ENTRIES} are allowed`);
  }
  return entries.map((entry, index) => {
    if (!/^\d+(\.\d{1,3})?$/.test(entry)) {
      throw new RangeError(
        `retry schedule entry ${index + 1} ("${entry}") is not a number of seconds (e.g. 5, 300 or 0.5)`,
      );
    }
    const seconds = Number(entry);
    if (seconds > MAX_WAIT_SECONDS) {
      throw new RangeError(
        `retry schedule entry ${index + 1} (${entry} s) is longer than 7 days (${MAX_WAIT_SECONDS} s): ` +
          'the entries are seconds, not milliseconds',
      );
    }
    return seconds;
  });
}
