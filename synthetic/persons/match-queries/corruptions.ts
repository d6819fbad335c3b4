import { initialOf, nicknameOf } from './name-variants.ts';
import { isUsableQuery, renderQuery, type QueryDraft } from './query-draft.ts';
import { abbreviateStreetWord, changeDigit, streetLineOf, streetNumberOf, transposeDigits } from './street-parts.ts';
import {
  joinWords, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, typoDelete, typoInsert, typoSubstitute, typoTranspose, type Random,
} from './text-errors.ts';

/**
 * The mistakes a name-and-address query carries, each a kind applied to a field, labelled `kind:field`
 * (`typo-delete:family`, `missing:postalCode`). A corruption gives the changed draft, or undefined where it cannot
 * apply (no house number to drop, no nickname known); `corruptDraft` also refuses any that would leave the query
 * unusable (person.enrich would answer 400) or unchanged.
 */
export type Field = 'given' | 'family' | 'name' | 'street' | 'streetNumber' | 'city' | 'region' | 'postalCode';
/** Real values of other generated persons of the same country, for "a value replaced by another". */
export type Donor = { city: string; postalCode: string };
export type CorruptionContext = { r: Random; donors: readonly Donor[] };
export type Corruption = {
  kind: string;
  field: Field;
  /** How often it is chosen, relative to the others. */
  weight: number;
  apply(draft: QueryDraft, context: CorruptionContext): QueryDraft | undefined;
};

type TextError = (value: string, r: Random) => string | undefined;

/** A text error in a value: the given or family name, the city, or the street line's words (never its number). */
function inText(field: 'given' | 'family' | 'city' | 'street', error: TextError): Corruption['apply'] {
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
function inStreetNumber(change: (number: string, r: Random) => string | undefined): Corruption['apply'] {
  return (draft, { r }) => {
    const parts = streetNumberOf(draft.location.addressLine1);
    if (!parts) return undefined;
    const number = change(parts.number, r);
    if (number === undefined) return undefined;
    const addressLine1 = number === '' ? parts.street : streetLineOf({ ...parts, number });
    return { ...draft, location: { ...draft.location, addressLine1 } };
  };
}

function inPostalCode(change: (code: string, r: Random) => string | undefined): Corruption['apply'] {
  return (draft, { r }) => {
    const changed = draft.location.postalCode ? change(draft.location.postalCode, r) : undefined;
    return changed === undefined ? undefined : { ...draft, location: { ...draft.location, postalCode: changed } };
  };
}

/** Leaves the fields out; whether the query is still usable is checked after. */
const without = (...fields: ('city' | 'region' | 'regionCode' | 'postalCode')[]): Corruption['apply'] => (draft) => {
  if (!fields.some((field) => draft.location[field])) return undefined;
  const location = { ...draft.location };
  for (const field of fields) delete location[field];
  return { ...draft, location };
};

/** Another person's value of the field, different from this one. */
const replacedBy = (field: 'city' | 'postalCode'): Corruption['apply'] => (draft, { r, donors }) => {
  const own = draft.location[field]?.toLowerCase().replace(/\s/g, '');
  const others = donors.map((donor) => donor[field]).filter((value) => value.toLowerCase().replace(/\s/g, '') !== own);
  if (!draft.location[field] || others.length === 0) return undefined;
  return { ...draft, location: { ...draft.location, [field]: r.helpers.arrayElement(others) } };
};

const TEXT_ERRORS: [string, TextError][] = [
  ['typo-insert', typoInsert], ['typo-delete', typoDelete], ['typo-substitute', typoSubstitute], ['typo-transpose', typoTranspose],
  ['keyboard', keyboardSlip], ['ocr', ocrConfusion], ['phonetic', phoneticSpelling], ['split', splitWord], ['join', joinWords],
];
/** How often each text error happens, relative to a typo. */
const TEXT_ERROR_WEIGHT: Record<string, number> = { ocr: 0.4, phonetic: 1.5, split: 0.4, join: 0.6 };
/** How often each field's text is mistyped, relative to a family name. */
const TEXT_FIELD_WEIGHT = { given: 0.8, family: 1, street: 0.5, city: 0.5 } as const;

/**
 * Every corruption with its weight. Names carry most mistakes, as a name is what is heard and spelled; an address
 * loses fields (a house number, a city, a postal code) more than it is misspelled.
 */
export const CORRUPTIONS: readonly Corruption[] = [
  ...(Object.keys(TEXT_FIELD_WEIGHT) as (keyof typeof TEXT_FIELD_WEIGHT)[]).flatMap((field) =>
    TEXT_ERRORS.map(([kind, error]): Corruption => ({ kind, field, weight: TEXT_FIELD_WEIGHT[field] * (TEXT_ERROR_WEIGHT[kind] ?? 1), apply: inText(field, error) })),
  ),
  { kind: 'swap', field: 'name', weight: 1.2, apply: (draft) => ({ ...draft, given: draft.family, family: draft.given }) },
  { kind: 'nickname', field: 'given', weight: 2, apply: (draft, { r }) => withGiven(draft, nicknameOf(draft.given, r)) },
  { kind: 'initial', field: 'given', weight: 1, apply: (draft, { r }) => withGiven(draft, initialOf(draft.given, r)) },
  {
    kind: 'abbreviation',
    field: 'street',
    weight: 2,
    apply: (draft, { r }) => {
      const addressLine1 = abbreviateStreetWord(draft.location.addressLine1, r);
      return addressLine1 === undefined ? undefined : { ...draft, location: { ...draft.location, addressLine1 } };
    },
  },
  { kind: 'missing', field: 'streetNumber', weight: 1, apply: inStreetNumber(() => '') },
  { kind: 'transpose-digits', field: 'streetNumber', weight: 0.8, apply: inStreetNumber(transposeDigits) },
  { kind: 'change-digit', field: 'streetNumber', weight: 0.7, apply: inStreetNumber(changeDigit) },
  { kind: 'ocr', field: 'streetNumber', weight: 0.2, apply: inStreetNumber(ocrConfusion) },
  { kind: 'missing', field: 'city', weight: 1, apply: without('city') },
  { kind: 'replaced', field: 'city', weight: 0.5, apply: replacedBy('city') },
  { kind: 'missing', field: 'region', weight: 1, apply: without('region', 'regionCode') },
  { kind: 'missing', field: 'postalCode', weight: 1.3, apply: without('postalCode') },
  { kind: 'transpose-digits', field: 'postalCode', weight: 0.9, apply: inPostalCode(transposeDigits) },
  { kind: 'change-digit', field: 'postalCode', weight: 0.8, apply: inPostalCode(changeDigit) },
  { kind: 'ocr', field: 'postalCode', weight: 0.3, apply: inPostalCode(ocrConfusion) },
  { kind: 'replaced', field: 'postalCode', weight: 0.5, apply: replacedBy('postalCode') },
];

function withGiven(draft: QueryDraft, given: string | undefined): QueryDraft | undefined {
  return given === undefined ? undefined : { ...draft, given };
}

/** The fields a corruption uses up: swapping the names changes both. */
const touched = (corruption: Corruption): Field[] => (corruption.field === 'name' ? ['name', 'given', 'family'] : [corruption.field]);

/**
 * Up to `count` corruptions, each of a different field, chosen by weight among those that apply; the draft they
 * make and their labels in the order applied. Fewer only when no other corruption applies (rare: a draft whose
 * every field is used up).
 */
export function corruptDraft(draft: QueryDraft, count: number, context: CorruptionContext): { draft: QueryDraft; labels: string[] } {
  let current = draft;
  const labels: string[] = [];
  const used = new Set<Field>();
  for (let attempt = 0; labels.length < count && attempt < 100; attempt += 1) {
    const open = CORRUPTIONS.filter((corruption) => touched(corruption).every((field) => !used.has(field)));
    if (open.length === 0) break;
    const corruption = context.r.helpers.weightedArrayElement(open.map((value) => ({ weight: value.weight, value })));
    const next = corruption.apply(current, context);
    if (next === undefined) continue;
    const rendered = renderQuery(next);
    if (!isUsableQuery(rendered) || JSON.stringify(rendered) === JSON.stringify(renderQuery(current))) continue;
    current = next;
    labels.push(`${corruption.kind}:${corruption.field}`);
    for (const field of touched(corruption)) used.add(field);
  }
  return { draft: current, labels };
}
