import { describe, expect, it } from 'vitest';
import { seenFilter } from './seen-filter.ts';

describe('seenFilter', () => {
  it('calls a value new once, and never again', () => {
    const seen = seenFilter(1000);
    expect(seen.addIfNew('ada.lovelace@example.com')).toBe(true);
    expect(seen.addIfNew('ada.lovelace@example.com')).toBe(false);
    expect(seen.addIfNew('alan.turing@example.com')).toBe(true);
  });

  it('calls few unseen values seen within its expected count, and still never a repeat new when full', () => {
    const count = 50_000;
    const seen = seenFilter(count);
    let wronglySeen = 0;
    for (let index = 0; index < count; index += 1) if (!seen.addIfNew(`person${index}@example.com`)) wronglySeen += 1;
    expect(wronglySeen / count).toBeLessThan(0.03);

    const tiny = seenFilter(count, 1024);
    for (let index = 0; index < count; index += 1) tiny.addIfNew(`person${index}@example.com`);
    for (let index = 0; index < count; index += 1) expect(tiny.addIfNew(`person${index}@example.com`)).toBe(false);
  });
});
