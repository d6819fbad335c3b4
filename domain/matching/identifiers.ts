/**
 * The kinds of exact identifier a query may give, each a piece of evidence with the model's m and u
 * (./model.ts): the person's record holds it, or does not. `record` is the account's own reference to a
 * person (recordId, personId, partnerId).
 */
export const IDENTIFIER_CATEGORIES = ['email', 'phone', 'maid', 'profile', 'li_nonid', 'name_placekey', 'record'] as const;
export type IdentifierCategory = (typeof IDENTIFIER_CATEGORIES)[number];
