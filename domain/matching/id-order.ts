/** Ids (decimal, as text) in the order of their numbers: the order records and persons were made in. */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Newest first: by `updated` (undated last), then by id (first imported first). */
export function newestFirst<T extends { id: string; updated: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (b.updated ?? '').localeCompare(a.updated ?? '') || compareIds(a.id, b.id));
}
