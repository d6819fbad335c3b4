import {
  applyCorruptions, inPostalCode, inStreetNumber, inText, replacedBy, touched, without, type Corruption, type CorruptionContext, type TextError,
} from './draft-edits.ts';
import { initialOf, nicknameOf } from './name-variants.ts';
import type { QueryDraft } from './query-draft.ts';
import { abbreviateStreetWord, changeDigit, transposeDigits } from './street-parts.ts';
import { joinWords, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, typoDelete, typoInsert, typoSubstitute, typoTranspose } from './text-errors.ts';

/**
 * The project's own error model: the mistakes its authors saw callers make, one to three a query, each of a
 * different field, chosen by weight among all of them (literature-errors.ts has the record-linkage literature's).
 */

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

/**
 * Up to `count` corruptions, each of a different field, chosen by weight among those that apply; the draft they
 * make and their labels in the order applied. Fewer only when no other corruption applies (rare: a draft whose
 * every field is used up).
 */
export function corruptDraft(draft: QueryDraft, count: number, context: CorruptionContext): { draft: QueryDraft; labels: string[] } {
  return applyCorruptions(draft, count, (used) => {
    const open = CORRUPTIONS.filter((corruption) => touched(corruption).every((field) => !used.includes(field)));
    return open.length === 0 ? undefined : context.r.helpers.weightedArrayElement(open.map((value) => ({ weight: value.weight, value })));
  }, context);
}
