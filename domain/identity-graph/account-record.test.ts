import { describe, expect, it } from 'vitest';
import { placeAccountRecord, type AccountCandidate } from './account-record.ts';

const candidate = (personId: string, fields: Partial<AccountCandidate>): AccountCandidate => ({
  personId,
  own: true,
  records: 1,
  linked: true,
  current: false,
  ...fields,
});

describe('placeAccountRecord', () => {
  it('starts a person of the account\'s own when nothing names anybody', () => {
    expect(placeAccountRecord(undefined, [])).toEqual({ personId: undefined, merged: [] });
  });

  it('joins the Kith person the evidence names, and brings the own person it shares an identifier with', () => {
    expect(placeAccountRecord('100', [candidate('7', {})])).toEqual({ personId: '100', merged: ['7'] });
  });

  it('joins the Kith person its identifiers share with the account\'s records before any own person', () => {
    const placement = placeAccountRecord(undefined, [candidate('7', { records: 5 }), candidate('100', { own: false, records: 1 })]);
    expect(placement).toEqual({ personId: '100', merged: ['7'] });
  });

  it('never merges two Kith persons: it joins the one with more of the account\'s records', () => {
    const placement = placeAccountRecord(undefined, [candidate('100', { own: false, records: 1 }), candidate('101', { own: false, records: 2 })]);
    expect(placement).toEqual({ personId: '101', merged: [] });
  });

  it('merges the own persons it bridges into the one with the most records', () => {
    const placement = placeAccountRecord(undefined, [candidate('9', { records: 1 }), candidate('8', { records: 3 })]);
    expect(placement).toEqual({ personId: '8', merged: ['9'] });
  });

  it('keeps its own person when it is alone in it, whatever else changed', () => {
    expect(placeAccountRecord(undefined, [candidate('7', { records: 0, linked: false, current: true })])).toEqual({ personId: '7', merged: [] });
  });

  it('leaves an own person whose other records it no longer shares an identifier with', () => {
    expect(placeAccountRecord(undefined, [candidate('7', { records: 2, linked: false, current: true })])).toEqual({ personId: undefined, merged: [] });
  });

  it('merges the own person it leaves empty into where it goes, so that the id keeps answering', () => {
    const placement = placeAccountRecord(undefined, [candidate('7', { records: 0, linked: false, current: true }), candidate('8', {})]);
    expect(placement).toEqual({ personId: '8', merged: ['7'] });
  });
});
