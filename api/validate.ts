import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { validate } from '../schemas/validation.ts';
import { ApiError } from './errors.ts';

/** The parsed value, or an ApiError with the answer `validate` gives (400 naming every wrong field). */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const checked = validate(schema, value);
  if (checked.ok) return checked.data;
  throw new ApiError(checked.status as ContentfulStatusCode, checked.message);
}
