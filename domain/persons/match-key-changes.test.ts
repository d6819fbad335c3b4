import { describe, expect, it } from 'vitest';
import { keyChanges } from './match-key-changes.ts';

describe('keyChanges', () => {
  it('deletes the keys no longer made, adds those not yet stored, and names the persons either touches', () => {
    const stored = [
      { personId: '1', value: 'fp:SM0:10001' },
      { personId: '1', value: 'old:SM0' },
      { personId: '2', value: 'fp:JNS:10002' },
    ];
    const fresh = [
      { personId: '1', value: 'fp:SM0:10001' },
      { personId: '1', value: 'fw:SM0:MN' },
      { personId: '2', value: 'fp:JNS:10002' },
      { personId: '3', value: 'fp:PRN:10003' },
    ];
    expect(keyChanges(stored, fresh)).toEqual({
      stale: [{ personId: '1', value: 'old:SM0' }],
      missing: [
        { personId: '1', value: 'fw:SM0:MN' },
        { personId: '3', value: 'fp:PRN:10003' },
      ],
      changed: ['1', '3'],
    });
  });

  it('changes nothing when the keys are the same', () => {
    const keys = [{ personId: '1', value: 'fp:SM0:10001' }];
    expect(keyChanges(keys, [...keys])).toEqual({ stale: [], missing: [], changed: [] });
  });
});
