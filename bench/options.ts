/** A whole number above 0 given as `--name`, or `fallback` when it is not given; anything else is refused by name. */
export function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return number;
}
