import type { z } from 'zod';
import { echoed } from './echoed.ts';
import type { AnsweredWith } from './v3/answered-with.ts';

/** A value checked against its schema: the parsed value, or the status and message its caller is answered. */
export type Validated<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** A problem with the field it concerns: a zod issue, or one found by a check of Kith's own. */
export type FieldIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** `tags[0].key: Invalid input; name: Required` — every problem, each with the field it concerns (long keys cut). */
export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path
        .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${echoed(String(part))}`))
        .join('');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The message of a 400 for one field: `Invalid request: tags[0].value: <problem>`. */
export const invalidField = (path: readonly PropertyKey[], problem: string): string =>
  `Invalid request: ${describeIssues([{ path, message: problem }])}`;

/** The status and message an issue asks for (./v3/answered-with.ts), when it asks for one. */
function answerOf(issues: readonly z.core.$ZodIssue[]): AnsweredWith | undefined {
  for (const issue of issues) {
    const params = (issue as { params?: Partial<AnsweredWith> }).params;
    if (params?.answerStatus && params.answerMessage) return params as AnsweredWith;
  }
  return undefined;
}

/** A string or key a request may not hold, and why. */
type Unstorable = { path: (string | number)[]; problem: string };

/** A lone UTF-16 surrogate: with the `u` flag a pair is one code point, and only an unpaired half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * What a text cannot be stored as: U+0000, which no PostgreSQL text column can store (the query fails with
 * "invalid byte sequence"), and a lone UTF-16 surrogate, which UTF-8 cannot encode: the drivers write U+FFFD in
 * its place, so that "a\ud800" and "a\udfff" would be stored as one value.
 */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)';
  return undefined;
}

/**
 * The first string or object key that cannot be stored as it is (textProblem): such a value is refused at the
 * edge rather than failing, or being changed, in a worker. The value has passed the edge's depth limit.
 */
export function unstorableText(value: unknown, path: (string | number)[] = []): Unstorable | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : undefined;
  }
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : value && typeof value === 'object' ? Object.entries(value) : [];
  for (const [key, item] of entries) {
    const keyProblem = typeof key === 'string' ? textProblem(key) : undefined;
    if (keyProblem) return { path: [...path, key], problem: keyProblem };
    const found = unstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The parsed value, or a 400 naming every field that is wrong (or the answer an issue asks for). A string
 * of the parsed value that cannot be stored (U+0000, a lone surrogate) is wrong too: 400 naming it.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.infer<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    const unstorable = unstorableText(parsed.data);
    if (!unstorable) return { ok: true, data: parsed.data };
    return { ok: false, status: 400, message: invalidField(unstorable.path, unstorable.problem) };
  }
  const answer = answerOf(parsed.error.issues);
  if (answer) return { ok: false, status: answer.answerStatus, message: answer.answerMessage };
  return { ok: false, status: 400, message: `Invalid request: ${describeIssues(parsed.error.issues)}` };
}
