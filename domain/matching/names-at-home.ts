import type { FieldWeight, Level } from './comparisons.ts';

/** Levels at which a part of an address agrees as one home's does. */
const PART_AGREES: ReadonlySet<Level> = new Set(['exact', 'close']);

/**
 * Whether an address's weighed fields say one home: its street and its number agree; where neither address gives
 * a number (a named house, a road without numbers), its street and its town or postal code, which is then the
 * whole address both give. A number on one side only says nothing of which house the other meant.
 */
export function homeAgrees(placeFields: readonly FieldWeight[], unnumbered = false): boolean {
  const agrees = (part: FieldWeight['field']) => PART_AGREES.has(placeFields.find((field) => field.field === part)?.level ?? 'missing');
  if (!agrees('street')) return false;
  return unnumbered ? agrees('city') || agrees('postcode') : agrees('number');
}

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

/** Family names that agree as one household's do. */
const FAMILY_AGREES: ReadonlySet<Level> = new Set(['exact', 'close']);

/**
 * Whether the name is a household member's at the home that agrees: the family name agrees and the given name is
 * wholly other. The known person, or another of the household whom the data lacks: neither is likelier.
 */
export function householdMemberAtHome(fields: readonly FieldWeight[], homeAgrees: boolean): boolean {
  const level = (field: FieldWeight['field']) => fields.find((weighed) => weighed.field === field)?.level;
  return homeAgrees && level('given') === 'different' && FAMILY_AGREES.has(level('family') ?? 'missing');
}

/**
 * The name's fields with the given name weighed so that the name and the address together come to `evenWeight`
 * (the bits that bring the prior to even odds): whatever the family name's rarity, a household member's name at
 * the home is as likely the person as not, answered at LOW when nobody else is named, never at MED or above.
 */
export function atEvenOdds(fields: readonly FieldWeight[], otherBits: number, evenWeight: number): FieldWeight[] {
  const others = fields.filter((field) => field.field !== 'given').reduce((sum, field) => sum + field.weight, 0);
  return fields.map((field) => (field.field === 'given' ? { ...field, weight: evenWeight - otherBits - others } : field));
}
