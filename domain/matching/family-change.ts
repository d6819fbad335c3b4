import type { Level } from './comparisons.ts';
import type { FieldWeight } from './model.ts';

/** Given names that agree as one person's records do: the same name, a typo of it, a nickname. */
const GIVEN_AGREES: ReadonlySet<Level> = new Set(['exact', 'close', 'nickname']);

/**
 * A name's fields as weighed when the whole home agrees (its street and number): a family name wholly other while
 * the given name agrees is what a marriage (or a source's error) leaves, not two people, so it weighs nothing,
 * at the level `changed`; a given name wholly other under one family name stays a household member's. Anything
 * else is as it was.
 */
export function familyChangedAtHome(fields: readonly FieldWeight[], homeAgrees: boolean): FieldWeight[] {
  const given = fields.find((field) => field.field === 'given');
  const changed = homeAgrees && given !== undefined && GIVEN_AGREES.has(given.level);
  return fields.map((field) => (changed && field.field === 'family' && field.level === 'different' ? { field: 'family', level: 'changed', weight: 0 } : field));
}
