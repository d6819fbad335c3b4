import { describe, expect, it } from 'vitest';
import { IDLE_BELOW, idleTrimDecider } from './idle-trim.ts';

const idle = IDLE_BELOW / 10;
const busy = 0.9;

describe('trimming when idle', () => {
  it('trims in the first idle interval after start-up, and not again while idle', () => {
    const decide = idleTrimDecider();
    expect([idle, idle, idle].map(decide)).toEqual([true, false, false]);
  });

  it('trims again in the first idle interval after a busy one, never while busy', () => {
    const decide = idleTrimDecider();
    expect([busy, busy, idle, idle, busy, idle].map(decide)).toEqual([false, false, true, false, false, true]);
  });

  it('counts an interval busy exactly at the threshold as busy', () => {
    const decide = idleTrimDecider(0.1);
    expect([0.05, 0.1, 0.099_999].map(decide)).toEqual([true, false, true]);
  });
});
