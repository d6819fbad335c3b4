import { describe, expect, it } from 'vitest';
import { spareCalls } from './spare-calls.ts';

const policy = { limit: 6_000, windowSeconds: 60 };
const at = (ms: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, 0) + ms);

describe('calls counted ahead', () => {
  it('wants none before a count of the window, then a sixteenth of what it left, at most 32', () => {
    const spares = spareCalls();
    expect(spares.wanted('a', at(0))).toBe(0);
    spares.keep('a', at(0), 60, 0, 5_999);
    expect(spares.wanted('a', at(1))).toBe(32);
    spares.keep('a', at(2), 60, 0, 160);
    expect(spares.wanted('a', at(3))).toBe(10);
    spares.keep('a', at(4), 60, 0, 15);
    expect(spares.wanted('a', at(5))).toBe(0);
  });

  it('hands out the calls it keeps, one less left each time, and no more than it has', () => {
    const spares = spareCalls();
    spares.keep('a', at(10_000), 60, 3, 100);
    expect(spares.standing('a', policy, at(10_000))).toEqual({ limit: 6_000, remaining: 103, resetSeconds: 50 });
    expect(spares.take('a', at(10_000), 1)).toBe(1);
    expect(spares.standing('a', policy, at(10_000))).toMatchObject({ remaining: 102 });
    expect(spares.take('a', at(11_000), 5)).toBe(2);
    expect(spares.take('a', at(11_000), 1)).toBe(0);
    expect(spares.unmade('a', at(11_000))).toBe(0);
  });

  it('adds calls counted ahead to those still kept, and takes back calls given back', () => {
    const spares = spareCalls();
    spares.keep('a', at(0), 60, 4, 100);
    spares.keep('a', at(1), 60, 6, 90);
    expect(spares.unmade('a', at(2))).toBe(10);
    expect(spares.take('a', at(2), 7)).toBe(7);
    spares.giveBack('a', at(3), 7);
    expect(spares.standing('a', policy, at(3))).toMatchObject({ remaining: 100 });
  });

  it('forgets them when their window ends, and keeps each key apart', () => {
    const spares = spareCalls();
    spares.keep('a', at(59_000), 60, 5, 100);
    spares.keep('b', at(59_000), 60, 2, 100);
    expect(spares.unmade('a', at(59_999))).toBe(5);
    expect(spares.unmade('b', at(59_999))).toBe(2);
    expect(spares.take('a', at(60_000), 1)).toBe(0);
    expect(spares.standing('a', policy, at(60_000))).toBeUndefined();
    expect(spares.wanted('a', at(60_000))).toBe(0);
  });
});
