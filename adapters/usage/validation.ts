import { z } from 'zod';
import { PermanentError } from '../errors.ts';

/** What both usage stores check before a value goes anywhere near SQL. */
export const Day = z.iso.date();
export const UsageRange = z.object({ accountId: z.guid(), from: Day, to: Day });

/** The parsed value, or a PermanentError saying what was wrong: bad input will not get better on a retry. */
export function valid<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PermanentError(`invalid ${what}: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}
