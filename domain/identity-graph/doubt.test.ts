import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../matching/model.ts';
import { doubtOf } from './doubt.ts';
import { recordFields, type ResolvedDocument } from './record-fields.ts';
import { LINK_WEIGHT } from './resolve.ts';

const model = { ...DEFAULT_MODEL, persons: 1_000_000 };
const arlington = { addressLine1: '12 Byron Street', city: 'Arlington', postalCode: '22201' };
const boston = { addressLine1: '7 Elm Road', city: 'Boston', postalCode: '02108' };
const record = (id: string, emails: string[], home?: object, given = 'Augusta') =>
  recordFields(id, { details: { name: { given, family: 'Byronson' }, locations: home ? [home] : [] } } as ResolvedDocument, emails.map((value) => ({ kind: 'email_sha256' as const, value })));

describe('doubtOf', () => {
  it('has no doubt of a person of one record', () => {
    expect(doubtOf(model, [record('1', ['a'], arlington)])).toBeUndefined();
  });

  it('finds the record that holds least, and a person held by a shared email doubts less than one held by a name', () => {
    const byEmail = doubtOf(model, [record('1', ['a'], arlington), record('2', ['a'], boston)])!;
    const byName = doubtOf(model, [record('3', ['b'], arlington), record('4', ['c'], arlington)])!;
    expect(byEmail.kind).toBe('weak-link');
    expect(byName.weight).toBeLessThan(byEmail.weight);
  });

  it('finds a bridge: the one record holding two groups that share nothing else', () => {
    const inArlington = [record('1', ['a'], arlington), record('2', ['a'], arlington)];
    const inBoston = [record('3', ['b'], boston, 'Ada'), record('4', ['b'], boston, 'Ada')];
    const bridge = record('5', ['a', 'b']);
    const doubt = doubtOf(model, [...inArlington, ...inBoston, bridge])!;
    expect(doubt).toMatchObject({ kind: 'bridge', recordId: '5' });
    expect(doubt.weight, 'the parts do not hold without it').toBeLessThan(LINK_WEIGHT);
  });
});
