import { describe, expect, it } from 'vitest';
import { qualifying } from './confidence.ts';
import { DEFAULT_MODEL } from './model.ts';
import { nameFields, placeFields } from './fields.ts';
import type { Evidence } from '../../schemas/events/payloads.ts';
import { mostRecent, rankPersons } from './match.ts';

const email = (value: string): Evidence => ({ category: 'email', keys: [{ kind: 'email_md5', value }] });
const phone = (value: string): Evidence => ({ category: 'phone', keys: [{ kind: 'phone_sha256', value }] });

/** Ranks the persons an index of key values names, as the matcher does, and answers at each level. */
function answers(evidence: Evidence[], index: Record<string, string[]>, documents = new Map()) {
  const holders = (item: Evidence) => new Set(item.personIds ?? item.keys.flatMap((key) => index[key.value] ?? []));
  const ids = [...new Set(evidence.flatMap((item) => [...holders(item)]).concat([...documents.keys()]))];
  const ranked = rankPersons(DEFAULT_MODEL, evidence, { ids, holders, documents });
  return Object.fromEntries((['LOW', 'MED', 'HIGH', 'MAX'] as const).map((level) => [level, qualifying(ranked, level)]));
}

describe('rankPersons, with the default model and levels (docs/matching.md)', () => {
  it('answers one email alone even at MAX, one phone alone at HIGH but not MAX', () => {
    expect(answers([email('e')], { e: ['1'] })).toEqual({ LOW: ['1'], MED: ['1'], HIGH: ['1'], MAX: ['1'] });
    expect(answers([phone('p')], { p: ['1'] })).toEqual({ LOW: ['1'], MED: ['1'], HIGH: ['1'], MAX: [] });
  });

  it('lets an email outweigh a phone naming someone else up to HIGH, and answers nobody at MAX', () => {
    expect(answers([email('e'), phone('p')], { e: ['x'], p: ['y'] })).toEqual({ LOW: ['x'], MED: ['x'], HIGH: ['x'], MAX: [] });
  });

  it('answers nobody above LOW for a phone two persons share; at LOW both are handed on', () => {
    expect(answers([phone('p')], { p: ['1', '2'] })).toEqual({ LOW: ['1', '2'], MED: [], HIGH: [], MAX: [] });
  });

  it("still answers a phone's person at HIGH beside an email no record holds: records list few of a person's emails", () => {
    expect(answers([phone('p'), email('unknown')], { p: ['1'] })).toEqual({ LOW: ['1'], MED: ['1'], HIGH: ['1'], MAX: [] });
  });

  it("answers the email's person at HIGH beside a phone two others share", () => {
    expect(answers([email('e'), phone('p')], { e: ['x'], p: ['y', 'z'] })).toEqual({ LOW: ['x'], MED: ['x'], HIGH: ['x'], MAX: [] });
  });

  it('takes the one of a shared phone that the email names, but not at MAX', () => {
    expect(answers([email('e'), phone('p')], { e: ['1'], p: ['1', '2'] })).toEqual({ LOW: ['1'], MED: ['1'], HIGH: ['1'], MAX: [] });
  });

  it('combines an email with a name and address: the email wins over a household member the address names', () => {
    const home = { addressLine1: '12 Main St', city: 'Portland', region: 'OR', postalCode: '97209' };
    const person = (given: string) => ({ details: { name: { given, family: 'Lovelace' }, locations: [home] } });
    const nameAddress = { names: [nameFields({ given: 'Grace', family: 'Lovelace' })!], place: placeFields(home), blockingKeys: [] };
    const evidence: Evidence[] = [email('e'), { category: 'name_address', keys: [], nameAddress }];
    const documents = new Map([['ada', [person('Ada')]], ['grace', [person('Grace')]]]);
    expect(answers(evidence, { e: ['ada'] }, documents).HIGH).toEqual(['ada']);
    // The name with the address alone is sure of Grace, and Ada is no rival: even MAX answers.
    expect(answers([evidence[1]!], {}, documents)).toEqual({ LOW: ['grace'], MED: ['grace'], HIGH: ['grace'], MAX: ['grace'] });
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
