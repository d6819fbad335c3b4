/**
 * What the logger censors: values under these keys could carry a secret or PII. Request bodies are never logged;
 * this is the safety net for objects that reach the logger by mistake.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'apiKey',
  'key',
  'token',
  'adminToken',
  'email',
  'emails',
  'phone',
  'phones',
]);

export const CENSOR = '[redacted]';

/** How deep into a logged object secrets are looked for: the object's own keys and two levels below them. */
const LEVELS = 3;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

function censored(value: unknown, levelsLeft: number): unknown {
  if (levelsLeft === 0 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const result = censored(item, levelsLeft - 1);
      if (result !== item) (copy ??= [...value])[index] = result;
    });
    return copy ?? value;
  }
  // An Error or any other class instance is left to its serializer.
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const result = SECRET_KEYS.has(key) ? CENSOR : censored(item, levelsLeft - 1);
    if (result !== item) (copy ??= { ...value })[key] = result;
  }
  return copy ?? value;
}

/**
 * The logged object with every value under a secret key censored, in it and in the plain objects and arrays down
 * to `LEVELS` deep: a copy of what it changes, the object itself when there is nothing to censor (an access line
 * allocates nothing here).
 */
export function censorSecrets(logged: Record<string, unknown>): Record<string, unknown> {
  return censored(logged, LEVELS) as Record<string, unknown>;
}
