import type { z } from 'zod';

/** An event read off the bus: the schema's value, or undefined for text that is not JSON or not that event. */
export function decodeEvent<S extends z.ZodType>(schema: S, text: string): z.infer<S> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
