/**
 * The kinds of exact identifier a query may give, each a piece of evidence with the model's reliability and m
 * (./model.ts): the person's record holds it, or does not. `record` is the account's own reference to a
 * person (recordId, personId, partnerId).
 */
export type IdentifierCategory = 'email' | 'phone' | 'maid' | 'profile' | 'li_nonid' | 'name_placekey' | 'record';
