/** The value with every object and array in it frozen: a default shared by many answers, which none can change. */
export function frozenDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) frozenDeep(inner);
  return Object.freeze(value);
}
