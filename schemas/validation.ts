import type { z } from 'zod';
import type { AnsweredWith } from './v3/answered-with.ts';

/** A value checked against its schema: the parsed value, or the status and message its caller is answered. */
export type Validated<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** A problem with the field it concerns: a zod issue, or one found by a check of Kith's own. */
type FieldIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** `tags[0].key: Invalid input; name: Required` — every problem, each with the field it concerns. */
export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path
        .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
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

/**
 * The path of the first string holding U+0000, which no PostgreSQL text column can store (the query fails with
 * "invalid byte sequence"): such a value is refused at the edge rather than failing in a worker.
 */
export function nulCharacterPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The parsed value, or a 400 naming every field that is wrong (or the answer an issue asks for). A string
 * of the parsed value holding U+0000 is wrong too: 400 naming it.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.infer<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    const nul = nulCharacterPath(parsed.data);
    if (!nul) return { ok: true, data: parsed.data };
    return { ok: false, status: 400, message: invalidField(nul, 'must not contain the NUL character (U+0000)') };
  }
  const answer = answerOf(parsed.error.issues);
  if (answer) return { ok: false, status: answer.answerStatus, message: answer.answerMessage };
  return { ok: false, status: 400, message: `Invalid request: ${describeIssues(parsed.error.issues)}` };
}
