import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../matching/model.ts';
import { explainPair, explainPerson } from './explain.ts';
import { recordFields, type ResolvedDocument } from './record-fields.ts';

const model = { ...DEFAULT_MODEL, persons: 10_000 };
const home = { addressLine1: '12 Byron Street', city: 'London', postalCode: 'W1 2AB' };
const record = (id: string, given: string, family: string, extra: Partial<{ email: string; birthday: object; home: object }> = {}) =>
  recordFields(
    id,
    { details: { name: { given, family }, locations: [extra.home ?? home], ...(extra.birthday && { age: { birthday: extra.birthday } }) } } as ResolvedDocument,
    extra.email ? [{ kind: 'email_sha256' as const, value: extra.email }] : [],
  );

describe('explainPerson', () => {
  it('weighs each record against all the others, the weakest first, in bits with the probability they make', () => {
    const moved = record('3', 'Ada', 'Lovelace', { email: 'e1', home: { addressLine1: '5 Elm Road', city: 'Leeds' } });
    const holds = explainPerson(model, [record('1', 'Ada', 'Lovelace', { email: 'e1' }), record('2', 'Ada', 'Lovelace'), moved]);
    expect(holds.map((hold) => hold.recordId).sort()).toEqual(['1', '2', '3']);
    expect(holds.map((hold) => hold.link.weight)).toEqual([...holds.map((hold) => hold.link.weight)].sort((a, b) => a - b));
    expect(holds.every((hold) => hold.link.links)).toBe(true);
    const [weakest] = holds;
    expect(weakest!.against).toHaveLength(2);
    expect(weakest!.link.probability).toBeCloseTo(1 / (1 + 2 ** -weakest!.link.weight), 3);
    const movedHold = holds.find((hold) => hold.recordId === '3')!;
    expect(movedHold.link.evidence).toContainEqual(expect.objectContaining({ evidence: 'email', agrees: true }));
  });

  it('has nothing to explain of a person of one record', () => {
    expect(explainPerson(model, [record('1', 'Ada', 'Lovelace')])).toEqual([]);
  });
});

describe('explainPair', () => {
  it('says why namesakes are two: their birthdays tell them apart, though their names and address agree', () => {
    const father = record('1', 'Maximillian', 'Towne', { birthday: { year: 1958, month: 3, day: 4 } });
    const son = record('2', 'Maximillian', 'Towne', { birthday: { year: 2003, month: 9, day: 17 } });
    const why = explainPair(model, { a: father, b: son, personOfA: [father], personOfB: [son] });
    expect(why.birthdaysApart).toBe(true);
    expect(why.records.links).toBe(false);
    expect(why.records.unlinked).toContain('birthdays-apart');
    expect(why.records.evidence).toContainEqual(expect.objectContaining({ evidence: 'birthday', apart: true }));
  });

  it('says when the evidence falls short, and weighs each record against the other\'s whole person without itself', () => {
    const ada = record('1', 'Ada', 'Lovelace', { email: 'e1' });
    const adaAgain = record('2', 'Ada', 'Lovelace', { email: 'e1' });
    const stranger = record('3', 'Grace', 'Hopper', { home: { addressLine1: '1 Navy Way', city: 'Arlington' } });
    const why = explainPair(model, { a: stranger, b: adaAgain, personOfA: [stranger], personOfB: [ada, adaAgain] });
    expect(why.records).toMatchObject({ links: false, unlinked: ['below-link-odds'] });
    expect(why.aToPersonOfB.links).toBe(false);
    const same = explainPair(model, { a: ada, b: adaAgain, personOfA: [ada, adaAgain], personOfB: [ada, adaAgain] });
    expect(same.aToPersonOfB.links).toBe(true);
    expect(same.aToPersonOfB.unlinked).toBeUndefined();
  });
});
