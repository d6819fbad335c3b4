import { CliError } from './admin-client.ts';
import { SourceName } from '../schemas/data/source-name.ts';

/** A whole-number option (`--count 1000`), refused with the value named when it is not one. */
export const positiveInteger = (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) === 0) throw new CliError(`not a whole number above 0: ${value}`);
  return Number(value);
};

/** A whole-number option that may be 0 (`--parse-threads 0`). */
export const nonNegativeInteger = (value: string) => {
  if (!/^\d+$/.test(value)) throw new CliError(`not a whole number: ${value}`);
  return Number(value);
};

/** A source of person records (`--source crm`), refused with the rule when the name breaks it. */
export const sourceName = (value: string) => {
  const parsed = SourceName.safeParse(value);
  if (!parsed.success) throw new CliError(`--source ${value}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
};
