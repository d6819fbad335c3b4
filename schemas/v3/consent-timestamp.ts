import type { FieldIssue } from '../validation.ts';

/**
 * The window a consent's `timestamp` (when it was given, epoch milliseconds) must fall in, around the time it is
 * received (docs/decisions.md, "A consent's timestamp"): `ttl` counts from it, so a time far off would keep
 * consent in force, or lapse it, for ages.
 */
export const CONSENT_TIMESTAMP_PAST_YEARS = 50;
export const CONSENT_TIMESTAMP_FUTURE_MS = 86_400_000;

/** The problem with a consent's `timestamp` received at `now`, or undefined when it has none or one in the window. */
export function consentTimestampIssue(body: { timestamp?: number | null }, now: Date): FieldIssue | undefined {
  if (body.timestamp === undefined || body.timestamp === null) return undefined;
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - CONSENT_TIMESTAMP_PAST_YEARS);
  if (body.timestamp >= earliest.getTime() && body.timestamp <= now.getTime() + CONSENT_TIMESTAMP_FUTURE_MS) return undefined;
  return { path: ['timestamp'], message: `must be epoch milliseconds from ${CONSENT_TIMESTAMP_PAST_YEARS} years before now to 1 day after` };
}
