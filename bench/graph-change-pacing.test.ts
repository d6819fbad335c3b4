import { describe, expect, it } from 'vitest';
import { mergesToCome, sendTimes } from './graph-change-pacing.ts';

describe('mergesToCome', () => {
  it('makes namesakes in two towns and a bridge holding both their emails, each merge its own', () => {
    const merges = mergesToCome(2, 'run1');
    const [merge, other] = merges as [(typeof merges)[0], (typeof merges)[0]];
    const [first, second] = merge.apart;
    expect(first.details!.name).toEqual(second.details!.name);
    expect(first.details!.locations![0]!.city).not.toBe(second.details!.locations![0]!.city);
    expect(merge.bridge.details!.emails!.map((email) => email.value)).toEqual([first.details!.emails![0]!.value, merge.secondEmail]);
    expect(second.details!.emails![0]!.value).toBe(merge.secondEmail);
    expect([first.id, second.id, merge.bridge.id]).toEqual(['a-run1-0', 'b-run1-0', 'c-run1-0']);
    expect(other.secondEmail).not.toBe(merge.secondEmail);
  });
});

describe('sendTimes', () => {
  it('spaces the sends evenly at the rate', () => {
    expect(sendTimes(3, 4)).toEqual([0, 250, 500]);
  });
});
