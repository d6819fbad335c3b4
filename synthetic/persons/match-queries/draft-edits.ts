import type { QueryBirthday } from './birthday-errors.ts';
import { isUsableQuery, renderQuery, type QueryDraft } from './query-draft.ts';
import { streetLineOf, streetNumberOf } from './street-parts.ts';
import type { Random } from './text-errors.ts';

/**
 * The mistakes a name-and-address query can carry, each a kind applied to a field, labelled `kind:field`
 * (`typo-delete:family`, `missing:postalCode`), and the loop that applies them. An error model (the project's in
 * corruptions.ts, the literature's in literature-errors.ts) says which ones happen how often.
 */
export type Field = 'given' | 'family' | 'name' | 'street' | 'addressLines' | 'streetNumber' | 'city' | 'region' | 'postalCode' | 'birthday';
/** Real values of other generated persons of the same country, for "a value replaced by another". */
export type Donor = { given: string; family: string; street: string; city: string; postalCode: string };
export type CorruptionContext = { r: Random; donors: readonly Donor[] };
/** The changed draft, or undefined where the mistake cannot apply (no house number to drop, no nickname known). */
export type DraftEdit = (draft: QueryDraft, context: CorruptionContext) => QueryDraft | undefined;
export type Corruption = {
  kind: string;
  field: Field;
  /** How often it is chosen, relative to the others of its model (of its field, in the literature's). */
  weight: number;
  apply: DraftEdit;
};

/** A mistake in one written value: gives the changed value, or undefined where it cannot happen. */
export type TextError = (value: string, r: Random) => string | undefined;

/** A text error in a value: the given or family name, the city, or the street line's words (never its number). */
export function inText(field: 'given' | 'family' | 'city' | 'street', error: TextError): DraftEdit {
  return (draft, { r }) => {
    if (field === 'given' || field === 'family') {
      const changed = error(draft[field], r);
      return changed === undefined ? undefined : { ...draft, [field]: changed };
    }
    if (field === 'city') {
      const changed = draft.location.city ? error(draft.location.city, r) : undefined;
      return changed === undefined ? undefined : { ...draft, location: { ...draft.location, city: changed } };
    }
    const parts = streetNumberOf(draft.location.addressLine1);
    const street = error(parts ? parts.street : draft.location.addressLine1, r);
    if (street === undefined) return undefined;
    return { ...draft, location: { ...draft.location, addressLine1: parts ? streetLineOf({ ...parts, street }) : street } };
  };
}

/** A change to the house number's digits, or its removal (the street name stays). */
export function inStreetNumber(change: (number: string, r: Random) => string | undefined): DraftEdit {
  return (draft, { r }) => {
    const parts = streetNumberOf(draft.location.addressLine1);
    if (!parts) return undefined;
    const number = change(parts.number, r);
    if (number === undefined) return undefined;
    const addressLine1 = number === '' ? parts.street : streetLineOf({ ...parts, number });
    return { ...draft, location: { ...draft.location, addressLine1 } };
  };
}

export function inPostalCode(change: (code: string, r: Random) => string | undefined): DraftEdit {
  return (draft, { r }) => {
    const changed = draft.location.postalCode ? change(draft.location.postalCode, r) : undefined;
    return changed === undefined ? undefined : { ...draft, location: { ...draft.location, postalCode: changed } };
  };
}

/** Leaves the fields out; whether the query is still usable is checked after. */
export const without = (...fields: ('addressLine1' | 'city' | 'region' | 'regionCode' | 'postalCode')[]): DraftEdit => (draft) => {
  if (!fields.some((field) => draft.location[field])) return undefined;
  const location = { ...draft.location };
  for (const field of fields) {
    if (field === 'addressLine1') location.addressLine1 = '';
    else delete location[field];
  }
  return { ...draft, location };
};

/** A name left out. */
export const withoutName = (field: 'given' | 'family'): DraftEdit => (draft) => (draft[field] ? { ...draft, [field]: '' } : undefined);

const sameValue = (a: string, b: string) => a.toLowerCase().replace(/\s/g, '') === b.toLowerCase().replace(/\s/g, '');
/** Another person's value of the field (a name, a city, a postal code, a street keeping its house number), different from this one. */
export const replacedBy = (field: keyof Donor): DraftEdit => (draft, { r, donors }) => {
  const parts = field === 'street' ? streetNumberOf(draft.location.addressLine1) : undefined;
  const own = field === 'given' || field === 'family' ? draft[field] : field === 'street' ? (parts?.street ?? draft.location.addressLine1) : (draft.location[field] ?? '');
  const others = donors.map((donor) => donor[field]).filter((value) => value && !sameValue(value, own));
  if (!own || others.length === 0) return undefined;
  const value = r.helpers.arrayElement(others);
  if (field === 'given' || field === 'family') return { ...draft, [field]: value };
  if (field === 'street') return { ...draft, location: { ...draft.location, addressLine1: parts ? streetLineOf({ ...parts, street: value }) : value } };
  return { ...draft, location: { ...draft.location, [field]: value } };
};

/** A change to the birthday, or its removal (`change` giving undefined where it cannot apply). */
export function inBirthday(change: (birthday: QueryBirthday, r: Random) => QueryBirthday | undefined): DraftEdit {
  return (draft, { r }) => {
    const changed = draft.birthday ? change(draft.birthday, r) : undefined;
    return changed === undefined ? undefined : { ...draft, birthday: changed };
  };
}

/** The birthday left out. */
export const withoutBirthday: DraftEdit = (draft) => (draft.birthday ? { ...draft, birthday: undefined } : undefined);

/** The fields a corruption uses up: swapping the names changes both. */
export const touched = (corruption: Corruption): Field[] => (corruption.field === 'name' ? ['name', 'given', 'family'] : [corruption.field]);

/**
 * Applies `count` corruptions, each drawn by `next` from what the ones before used up, refusing any that does not
 * apply, would leave the query unusable (person.enrich would answer 400) or unchanged; the draft they make and
 * their labels in the order applied. Fewer only when `next` has nothing left that applies.
 */
export function applyCorruptions(
  draft: QueryDraft,
  count: number,
  next: (used: readonly Field[]) => Corruption | undefined,
  context: CorruptionContext,
): { draft: QueryDraft; labels: string[] } {
  let current = draft;
  const labels: string[] = [];
  const used: Field[] = [];
  for (let attempt = 0; labels.length < count && attempt < 100; attempt += 1) {
    const corruption = next(used);
    if (!corruption) break;
    const changed = corruption.apply(current, context);
    if (changed === undefined) continue;
    const rendered = renderQuery(changed);
    if (!isUsableQuery(rendered) || JSON.stringify(rendered) === JSON.stringify(renderQuery(current))) continue;
    current = changed;
    labels.push(`${corruption.kind}:${corruption.field}`);
    used.push(...touched(corruption));
  }
  return { draft: current, labels };
}
