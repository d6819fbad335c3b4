import { describe, expect, it } from 'vitest';
import { echoed, MAX_ECHOED_CHARACTERS } from './echoed.ts';

describe('echoed', () => {
  it('repeats a short value whole', () => {
    expect(echoed('example..com')).toBe('example..com');
    expect(echoed('x'.repeat(MAX_ECHOED_CHARACTERS))).toBe('x'.repeat(MAX_ECHOED_CHARACTERS));
  });

  it('cuts a long value to its first characters and an ellipsis', () => {
    expect(echoed('x'.repeat(900_000))).toBe(`${'x'.repeat(MAX_ECHOED_CHARACTERS)}…`);
  });

  it('never cuts a surrogate pair in two', () => {
    const value = `${'x'.repeat(MAX_ECHOED_CHARACTERS - 1)}\u{1F600}tail`;
    expect(echoed(value)).toBe(`${'x'.repeat(MAX_ECHOED_CHARACTERS - 1)}…`);
  });
});
