import type { z } from 'zod';
import { ApiError, describeIssues } from './errors.ts';

/** The parsed value, or a 400 naming every field that is wrong. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
