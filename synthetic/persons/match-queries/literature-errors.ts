import { birthdayDigit, swapDayMonth, yearAlone, yearOneOff } from './birthday-errors.ts';
import {
  applyCorruptions, inBirthday, inPostalCode, inStreetNumber, inText, replacedBy, without, withoutBirthday, withoutName, type Corruption,
  type CorruptionContext, type DraftEdit, type Field, type TextError,
} from './draft-edits.ts';
import type { QueryDraft } from './query-draft.ts';
import { abbreviateStreetWord, changeDigit, transposeDigits } from './street-parts.ts';
import {
  joinWords, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, truncateEnd, typoDelete, typoInsert, typoSubstitute, typoTranspose,
} from './text-errors.ts';

/**
 * The error model of the record-linkage literature's data generators, not the project's own: GeCo (Tran, Vatsalan
 * and Christen, CIKM 2013) and FEBRL's dsgen (Christen 2005). As there, a query gets a number of modifications,
 * each falls on a field drawn by that field's share, at most two on one field, and each is one of the field's
 * corruptors drawn by weight: a value replaced by another from the population's own values (its frequency table
 * of names, streets, cities and postal codes), keyboard, OCR and phonetic errors, edits, truncation, words split
 * and joined, a value missing, the names swapped, the street line moved to the second address line; where the
 * query gives a birthday, its day and month swapped, its year one off, a digit wrong, the year alone, or none.
 * docs/matching.md lists these rates; bench:matching's `literature` sets are made with them.
 */

/** How many modifications a query gets: one to five, fewer more often. */
export const MODIFICATIONS_PER_QUERY = [
  { value: 1, weight: 30 },
  { value: 2, weight: 30 },
  { value: 3, weight: 20 },
  { value: 4, weight: 12 },
  { value: 5, weight: 8 },
];
/** At most this many modifications fall on one field (GeCo's max_modification_per_attr). */
export const MAX_PER_FIELD = 2;

const EDITS: [string, TextError][] = [['typo-insert', typoInsert], ['typo-delete', typoDelete], ['typo-substitute', typoSubstitute], ['typo-transpose', typoTranspose]];
/** The text corruptors of a name, a street or a city, with their weights; `edit` is shared by the four edits. */
type TextWeights = { edit: number; keyboard: number; ocr: number; phonetic: number; truncate: number; split: number; join: number };
const TEXT_CORRUPTORS: Record<keyof Omit<TextWeights, 'edit'>, TextError> = {
  keyboard: keyboardSlip, ocr: ocrConfusion, phonetic: phoneticSpelling, truncate: truncateEnd, split: splitWord, join: joinWords,
};
const textCorruptors = (field: 'given' | 'family' | 'street' | 'city', weights: TextWeights): Corruption[] => [
  ...EDITS.map(([kind, error]) => ({ kind, field, weight: weights.edit / EDITS.length, apply: inText(field, error) })),
  ...(Object.keys(TEXT_CORRUPTORS) as (keyof typeof TEXT_CORRUPTORS)[]).map((kind) => ({ kind, field, weight: weights[kind], apply: inText(field, TEXT_CORRUPTORS[kind]) })),
];
const NAME_TEXT: TextWeights = { edit: 24, keyboard: 15, ocr: 10, phonetic: 15, truncate: 6, split: 5, join: 5 };
const one = (kind: string, field: Field, weight: number, apply: DraftEdit): Corruption => ({ kind, field, weight, apply });

/** Each field's share of the modifications, and its corruptors. */
export const LITERATURE_FIELDS: readonly { field: Field; share: number; corruptors: readonly Corruption[] }[] = [
  {
    field: 'given',
    share: 18,
    corruptors: [...textCorruptors('given', NAME_TEXT), one('replaced', 'given', 15, replacedBy('given')), one('missing', 'given', 5, withoutName('given'))],
  },
  {
    field: 'family',
    share: 18,
    corruptors: [...textCorruptors('family', NAME_TEXT), one('replaced', 'family', 15, replacedBy('family')), one('missing', 'family', 5, withoutName('family'))],
  },
  { field: 'name', share: 4, corruptors: [one('swap', 'name', 1, (draft) => ({ ...draft, given: draft.family, family: draft.given }))] },
  {
    field: 'street',
    share: 16,
    corruptors: [
      ...textCorruptors('street', { edit: 24, keyboard: 12, ocr: 8, phonetic: 8, truncate: 8, split: 6, join: 4 }),
      one('replaced', 'street', 12, replacedBy('street')),
      one('abbreviation', 'street', 12, (draft, { r }) => {
        const addressLine1 = abbreviateStreetWord(draft.location.addressLine1, r);
        return addressLine1 === undefined ? undefined : { ...draft, location: { ...draft.location, addressLine1 } };
      }),
      one('missing', 'street', 6, without('addressLine1')),
    ],
  },
  {
    field: 'addressLines',
    share: 4,
    corruptors: [
      one('swap', 'addressLines', 1, (draft) =>
        draft.location.addressLine1 ? { ...draft, location: { ...draft.location, addressLine1: '', addressLine2: draft.location.addressLine1 } } : undefined,
      ),
    ],
  },
  {
    field: 'streetNumber',
    share: 10,
    corruptors: [
      one('transpose-digits', 'streetNumber', 30, inStreetNumber(transposeDigits)),
      one('change-digit', 'streetNumber', 30, inStreetNumber(changeDigit)),
      one('ocr', 'streetNumber', 10, inStreetNumber(ocrConfusion)),
      one('missing', 'streetNumber', 30, inStreetNumber(() => '')),
    ],
  },
  {
    field: 'city',
    share: 10,
    corruptors: [
      ...textCorruptors('city', { edit: 20, keyboard: 10, ocr: 8, phonetic: 10, truncate: 7, split: 0, join: 0 }),
      one('replaced', 'city', 20, replacedBy('city')),
      one('missing', 'city', 25, without('city')),
    ],
  },
  {
    field: 'postalCode',
    share: 14,
    corruptors: [
      one('transpose-digits', 'postalCode', 25, inPostalCode(transposeDigits)),
      one('change-digit', 'postalCode', 30, inPostalCode(changeDigit)),
      one('ocr', 'postalCode', 10, inPostalCode(ocrConfusion)),
      one('replaced', 'postalCode', 10, replacedBy('postalCode')),
      one('missing', 'postalCode', 25, without('postalCode')),
    ],
  },
  { field: 'region', share: 6, corruptors: [one('missing', 'region', 1, without('region', 'regionCode'))] },
  {
    field: 'birthday',
    share: 8,
    corruptors: [
      one('swap', 'birthday', 25, inBirthday(swapDayMonth)),
      one('year-off', 'birthday', 25, inBirthday(yearOneOff)),
      one('change-digit', 'birthday', 20, inBirthday(birthdayDigit)),
      one('year-alone', 'birthday', 10, inBirthday(yearAlone)),
      one('missing', 'birthday', 20, withoutBirthday),
    ],
  },
];

/**
 * One to five modifications (drawn by MODIFICATIONS_PER_QUERY), each on a field drawn by its share among those
 * with fewer than MAX_PER_FIELD so far (the names' swap only while neither name was touched), then a corruptor of
 * that field drawn by weight; the draft they make and their labels in the order applied.
 */
export function corruptAsLiterature(draft: QueryDraft, context: CorruptionContext): { draft: QueryDraft; labels: string[] } {
  const { r } = context;
  const count = r.helpers.weightedArrayElement(MODIFICATIONS_PER_QUERY);
  // A query without a birthday has none to corrupt: its fields' shares are those of the rest.
  const fields = draft.birthday ? LITERATURE_FIELDS : LITERATURE_FIELDS.filter(({ field }) => field !== 'birthday');
  return applyCorruptions(draft, count, (used) => {
    const times = (field: Field) => used.filter((f) => f === field).length;
    const open = fields.filter(({ field }) => times(field) < MAX_PER_FIELD && (field !== 'name' || (times('given') === 0 && times('family') === 0)));
    if (open.length === 0) return undefined;
    const { corruptors } = r.helpers.weightedArrayElement(open.map((value) => ({ weight: value.share, value })));
    return r.helpers.weightedArrayElement(corruptors.filter((c) => c.weight > 0).map((value) => ({ weight: value.weight, value })));
  }, context);
}
