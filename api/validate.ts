import type { z } from 'zod';
import type { AnsweredWith } from '../schemas/v3/answered-with.ts';
import { ApiError, describeIssues } from './errors.ts';

/** The status and message an issue asks for (schemas/v3/answered-with.ts), when it asks for one. */
function answerOf(issues: readonly z.core.$ZodIssue[]): AnsweredWith | undefined {
  for (const issue of issues) {
    const params = (issue as { params?: Partial<AnsweredWith> }).params;
    if (params?.answerStatus && params.answerMessage) return params as AnsweredWith;
  }
  return undefined;
}

/** The parsed value, or a 400 naming every field that is wrong (or the answer an issue asks for). */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const answer = answerOf(parsed.error.issues);
  if (answer) throw new ApiError(answer.answerStatus as 422, answer.answerMessage);
  throw new ApiError(400, `Invalid request: ${describeIssues(parsed.error.issues)}`);
}
