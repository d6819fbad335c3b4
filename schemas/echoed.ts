/** How much of a caller's value an answer repeats (docs/decisions.md, "What an answer repeats of the request"). */
export const MAX_ECHOED_CHARACTERS = 100;

/**
 * A caller's value as an error message repeats it: whole up to MAX_ECHOED_CHARACTERS, else its first characters
 * and "…", never ending on half a surrogate pair. A mistake of 900 KB is not answered with 900 KB.
 */
export function echoed(value: string): string {
  if (value.length <= MAX_ECHOED_CHARACTERS) return value;
  const cut = value.slice(0, MAX_ECHOED_CHARACTERS);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
