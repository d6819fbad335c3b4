import { CliError } from './admin-client.ts';

/** A whole-number option (`--count 1000`), refused with the value named when it is not one. */
export const positiveInteger = (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) === 0) throw new CliError(`not a whole number above 0: ${value}`);
  return Number(value);
};
