/** Conversions shared by the query modules: both drivers give Date for timestamptz and date. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoTimestampOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoTimestamp(value);
}
