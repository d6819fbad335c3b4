/** The one talisman module Kith uses; talisman ships no types. */
declare module 'talisman/metrics/damerau-levenshtein.js' {
  /** Optimal string alignment distance (restricted Damerau–Levenshtein) between two strings. */
  function damerauLevenshtein(a: string, b: string): number;
  export default damerauLevenshtein;
}
