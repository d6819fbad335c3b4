/**
 * Remembers strings in memory that stops growing: a bitmap of their hashes, sized for `expected` values up to a
 * cap. `addIfNew` never calls a value new twice; once in a while (more often past the cap) it calls a value
 * seen that was not, which a caller that only wants to avoid repeats can afford.
 */
export function seenFilter(expected: number, maxBits = 2 ** 27): { addIfNew(value: string): boolean } {
  const bits = Math.min(maxBits, 2 ** Math.ceil(Math.log2(Math.max(64, expected * 32))));
  const words = new Uint32Array(bits / 32);
  return {
    addIfNew(value) {
      const bit = fnv1a(value) & (bits - 1);
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      if (words[word]! & mask) return false;
      words[word]! |= mask;
      return true;
    },
  };
}

/** 32-bit FNV-1a over UTF-16 code units: cheap, and spreads similar strings well. */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
