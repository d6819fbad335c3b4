import { describe, expect, it } from 'vitest';
import { partitionTails } from './embedded-tail.ts';

const message = (key: string) => ({ key, value: `v-${key}`, headers: { h: key } });
const keysOf = (messages: { key: string }[] | undefined) => messages?.map((m) => m.key);

describe('partitionTails', () => {
  it('hands out what was appended from any kept offset, up to the limit, with the offsets it was stored at', () => {
    const tails = partitionTails(10);
    tails.appended('t/0', 5, [message('a'), message('b')]);
    tails.appended('t/0', 7, [message('c')]);
    expect(tails.read('t/0', 5, 100)).toEqual([
      { offset: 5, key: 'a', value: 'v-a', headers: { h: 'a' } },
      { offset: 6, key: 'b', value: 'v-b', headers: { h: 'b' } },
      { offset: 7, key: 'c', value: 'v-c', headers: { h: 'c' } },
    ]);
    expect(keysOf(tails.read('t/0', 6, 1))).toEqual(['b']);
  });

  it('answers none at the end of a known partition, and sends to the database for what it does not know', () => {
    const tails = partitionTails(10);
    expect(tails.read('t/0', 0, 100)).toBeUndefined();
    tails.appended('t/0', 5, [message('a')]);
    expect(tails.read('t/0', 6, 100)).toEqual([]);
    expect(tails.read('t/0', 4, 100)).toBeUndefined();
    expect(tails.read('t/1', 0, 100)).toBeUndefined();
  });

  it("sends to the database for messages another process appended, and keeps no gap: older ones go when others' came between", () => {
    const tails = partitionTails(10);
    tails.appended('t/0', 0, [message('a'), message('b')]);
    tails.reaches('t/0', 4);
    expect(tails.read('t/0', 2, 100)).toBeUndefined();
    tails.appended('t/0', 4, [message('e')]);
    expect(tails.read('t/0', 0, 100)).toBeUndefined();
    expect(keysOf(tails.read('t/0', 4, 100))).toEqual(['e']);
    expect(tails.read('t/0', 5, 100)).toEqual([]);
  });

  it('keeps only the newest messages of each partition', () => {
    const tails = partitionTails(2);
    tails.appended('t/0', 0, [message('a'), message('b'), message('c')]);
    expect(tails.read('t/0', 0, 100)).toBeUndefined();
    expect(keysOf(tails.read('t/0', 1, 100))).toEqual(['b', 'c']);
  });
});
