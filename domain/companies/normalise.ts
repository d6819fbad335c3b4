/**
 * How companies are keyed and matched: domains for company.enrich (and the import's key), names for
 * company.search. Queries and stored records go through the same functions, so they meet in one form.
 */

/** Lower-case ASCII letters for accented ones, including those Unicode does not decompose (ß, ø, æ, œ, ł). */
export function foldAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđ]/g, (c) => ({ ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd' })[c]!);
}

/** Words that say what kind of company it is, not which one (company.search: "common words such as Inc. are ignored"). */
const COMMON_WORDS = new Set([
  'inc', 'llc', 'ltd', 'gmbh', 'corp', 'corporation', 'co', 'company', 'sa', 'ag', 'plc', 'llp', 'sas', 'sarl', 'bv', 'group',
]);

/**
 * A company name as search compares it: lower-case, without accents or punctuation, without the common words
 * (`Société Générale S.A.` is `societe generale`). Dots and apostrophes join what they separate, so `S.A.` is
 * `sa` and `O'Neil` is `oneil`; other punctuation separates words. A name made only of common words keeps them
 * (`The Group` is `the`, `Group` is `group`), so that it can still be found.
 */
export function companyNameKey(name: string): string {
  const words = foldAccents(name)
    .replace(/[.'’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const kept = words.filter((word) => !COMMON_WORDS.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}

/** A locality, region or country as search filters compare them: `Île-de-France` and `ile de france` are one. */
export function placeKey(place: string): string {
  return foldAccents(place).replace(/[^a-z0-9]+/g, ' ').trim();
}
