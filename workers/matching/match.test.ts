import { describe, expect, it } from 'vitest';
import type { IdentifierKey } from '../../adapters/persons/normalise.ts';
import type { Evidence } from './evidence.ts';
import { mostRecent, qualifying, scoreCandidates } from './match.ts';

const email = (value: string): Evidence => ({ category: 'email', keys: [{ kind: 'email_md5', value }] });
const phone = (value: string): Evidence => ({ category: 'phone', keys: [{ kind: 'phone_sha256', value }] });
const index = (named: Record<string, string[]>) => (key: IdentifierKey) => named[key.value] ?? [];

describe('scoreCandidates', () => {
  it('scores one piece of evidence at its weight', () => {
    expect(scoreCandidates([email('e')], index({ e: ['1'] }))).toEqual([{ personId: '1', score: 90 }]);
    expect(scoreCandidates([phone('p')], index({ p: ['1'] }))).toEqual([{ personId: '1', score: 70 }]);
  });

  it('combines kinds as independent evidence, and takes the strongest of one kind', () => {
    expect(scoreCandidates([email('e'), phone('p')], index({ e: ['1'], p: ['1'] }))).toEqual([{ personId: '1', score: 97 }]);
    expect(scoreCandidates([email('e'), email('f')], index({ e: ['1'], f: ['1'] }))).toEqual([{ personId: '1', score: 90 }]);
  });

  it('shares the weight of an identifier among the persons it names', () => {
    expect(scoreCandidates([phone('p')], index({ p: ['2', '1'] }))).toEqual([
      { personId: '1', score: 35 },
      { personId: '2', score: 35 },
    ]);
  });

  it('ranks persons named by different evidence, best first', () => {
    expect(scoreCandidates([phone('p'), email('e')], index({ e: ['x'], p: ['y'] })).map((c) => c.personId)).toEqual(['x', 'y']);
  });
});

describe('qualifying', () => {
  const single = [{ personId: '1', score: 90 }];
  const conflict = [{ personId: 'x', score: 90 }, { personId: 'y', score: 70 }];
  const tie = [{ personId: 'a', score: 35 }, { personId: 'b', score: 35 }];

  it('applies the threshold of each confidence', () => {
    const phoneOnly = [{ personId: '1', score: 70 }];
    expect(qualifying(phoneOnly, 'HIGH')).toEqual(phoneOnly);
    expect(qualifying(phoneOnly, 'MAX')).toEqual([]);
    expect(qualifying(single, 'MAX')).toEqual(single);
    expect(qualifying([{ personId: '1', score: 49 }], 'MED')).toEqual([]);
  });

  it('lets the clear winner of a conflict answer below MAX, and nobody at MAX', () => {
    expect(qualifying(conflict, 'HIGH')).toEqual([conflict[0]]);
    expect(qualifying(conflict, 'MAX')).toEqual([]);
  });

  it('refuses a tie above LOW and hands every tied person on at LOW', () => {
    expect(qualifying(tie, 'MED')).toEqual([]);
    expect(qualifying(tie, 'LOW')).toEqual(tie);
    expect(qualifying([], 'LOW')).toEqual([]);
  });
});

describe('mostRecent', () => {
  it('takes the latest update, undated last, then the first imported', () => {
    expect(mostRecent([{ id: '1', updated: '2025-01-01' }, { id: '2', updated: '2026-01-01' }])?.id).toBe('2');
    expect(mostRecent([{ id: '10', updated: null }, { id: '9', updated: null }, { id: '11', updated: '2020-01-01' }])?.id).toBe('11');
    expect(mostRecent([{ id: '10', updated: null }, { id: '9', updated: null }])?.id).toBe('9');
    expect(mostRecent([])).toBeUndefined();
  });
});
