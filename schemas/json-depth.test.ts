import { describe, expect, it } from 'vitest';
import { tooDeepPath } from './json-depth.ts';

/** `depth` arrays, one inside the other: `[[[]]]` is 3 deep. */
const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('tooDeepPath', () => {
  it('names the first container past the limit, counting the body itself as the first level', () => {
    expect(tooDeepPath({ a: [{ b: {} }] }, 3)).toEqual(['a', 0, 'b']);
    expect(tooDeepPath({ a: [{ b: {} }] }, 4)).toBeUndefined();
    expect(tooDeepPath({ ok: [1, 'two', null], deep: { deeper: { deepest: {} } } }, 3)).toEqual(['deep', 'deeper', 'deepest']);
  });

  it('takes scalars at the last level: only objects and arrays nest', () => {
    expect(tooDeepPath({ a: { b: 'text', c: 1, d: null, e: true } }, 2)).toBeUndefined();
    expect(tooDeepPath('text', 0)).toBeUndefined();
  });

  it('walks 20,000 nested arrays without exhausting the stack', () => {
    const path = tooDeepPath(nestedArrays(20_000), 32);
    expect(path).toEqual(Array.from({ length: 32 }, () => 0));
  });

  it('walks a value 100,000 deep in objects, as it walks a wide one', () => {
    const deep = JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)) as unknown;
    expect(tooDeepPath(deep, 32)).toHaveLength(32);
    const wide = { rows: Array.from({ length: 50_000 }, (_, row) => ({ row, cells: [row] })) };
    expect(tooDeepPath(wide, 4)).toBeUndefined();
    expect(tooDeepPath(wide, 3)).toEqual(['rows', 0, 'cells']);
  });
});
