/**
 * A fixed set of strings held as one string, sorted, with where each begins; looked up by binary search. For
 * the 121,570 disposable domains it holds 3.7 MB where a Set and the array it was made from hold 7.4 MB (a few
 * of them are not Latin-1, so the one string takes two bytes a character).
 */
export class SortedStrings {
  private readonly joined: string;
  /** Where each string of `joined` begins, and at the last index where the last one ends. */
  private readonly starts: Uint32Array;

  constructor(values: readonly string[]) {
    const sorted = isSorted(values) ? values : [...values].sort();
    this.joined = sorted.join('');
    this.starts = new Uint32Array(sorted.length + 1);
    for (let index = 0; index < sorted.length; index += 1) this.starts[index + 1] = this.starts[index]! + sorted[index]!.length;
  }

  has(value: string): boolean {
    let low = 0;
    let high = this.starts.length - 2;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const entry = this.joined.slice(this.starts[middle], this.starts[middle + 1]);
      if (entry === value) return true;
      if (entry < value) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/** In the order `sort()` gives, which is the order `<` compares in. */
function isSorted(values: readonly string[]): boolean {
  for (let index = 1; index < values.length; index += 1) if (values[index - 1]! > values[index]!) return false;
  return true;
}
