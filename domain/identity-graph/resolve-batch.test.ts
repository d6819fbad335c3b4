import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../matching/model.ts';
import { recordFields, type Decision, type RecordFields } from './record-fields.ts';
import { resolveBatch } from './resolve-batch.ts';

const model = { ...DEFAULT_MODEL, persons: 1_000 };
const home = { addressLine1: '12 Byron Street', city: 'Arlington', postalCode: '22201' };
const born1950 = { year: 1950, month: 4, day: 2 };
const born1982 = { year: 1982, month: 9, day: 17 };

/** A record of John Quill holding these emails, and this birthday or home, and what operators decided of it. */
const john = (id: string, emails: string[], extra: { birthday?: object; home?: object; decided?: Array<{ other: string; decision: Decision }> } = {}) =>
  recordFields(
    id,
    { details: { name: { given: 'John', family: 'Quill' }, locations: extra.home ? [extra.home] : [], ...(extra.birthday && { age: { birthday: extra.birthday } }) } },
    emails.map((value) => ({ kind: 'email_sha256' as const, value })),
    extra.decided,
  );

let nextId = 100;
const newPersonId = async () => String(nextId++);

describe('resolveBatch', () => {
  it("moves a record to the person a newer record shows it is, and checks the person it left", async () => {
    // Person 1: the father (born 1950) and an undated record at his address under the son's email. Person 3: the son.
    // Record 4 holds both of the son's emails: it joins the son (the father's birthday tells it from person 1), and
    // the undated record, matched better by the son's person now, moves there.
    const records: RecordFields[] = [
      john('1', ['father'], { birthday: born1950, home }),
      john('2', ['son-old'], { home }),
      john('3', ['son-new'], { birthday: born1982 }),
      john('4', ['son-old', 'son-new'], { birthday: born1982 }),
    ];
    const changes = await resolveBatch(
      model,
      {
        queued: ['4'],
        fields: new Map(records.map((record) => [record.id, record])),
        members: new Map([['1', ['1', '2']], ['3', ['3']]]),
        current: new Map(),
        matched: new Map([['4', ['2', '3']]]),
      },
      newPersonId,
    );
    expect(Object.fromEntries(changes.assigned)).toEqual({ '4': '3', '2': '3' });
    expect(changes.counts).toEqual({ resolved: 1, merged: 0, split: 0, moved: 1 });
    expect(changes.events).toEqual([{ kind: 'moved', before: ['1', '3'], after: ['1', '3'], records: ['2'] }]);
  });

  it('tells of a changed record that leaves a person holding others: moved to another, or split off alone', async () => {
    // Person 1: the father's two records. Record 2 is changed to the son's email: it moves to the son's person 3.
    // Record 5, changed to an email nobody holds and born 1982, no longer holds with the father: a person of its own.
    const records: RecordFields[] = [
      john('1', ['father'], { birthday: born1950, home }),
      john('2', ['son']),
      john('3', ['son'], { birthday: born1982 }),
      john('5', ['stranger'], { birthday: born1982 }),
    ];
    const graph = (queued: string) => ({
      queued: [queued],
      fields: new Map(records.map((record) => [record.id, record])),
      members: new Map([['1', ['1', queued]], ['3', ['3']]]),
      current: new Map([[queued, '1']]),
      matched: new Map([[queued, queued === '2' ? ['1', '3'] : ['1']]]),
    });
    const moved = await resolveBatch(model, graph('2'), newPersonId);
    expect(moved.events).toEqual([{ kind: 'moved', before: ['1', '3'], after: ['1', '3'], records: ['2'] }]);
    expect(moved.counts).toMatchObject({ moved: 1, split: 0 });
    const split = await resolveBatch(model, graph('5'), newPersonId);
    const [event] = split.events;
    expect(split.events).toHaveLength(1);
    expect(event).toEqual({ kind: 'split', before: ['1'], after: ['1', split.assigned.get('5')], records: ['5'] });
  });

  it('splits the person a record joins when it then holds two birthdays that tell two individuals apart', async () => {
    // Person 1: two records of one name and address, nothing telling them apart; then the son's dated record (it
    // joins) and the father's (it joins by his email): the person splits around the birthdays.
    const records: RecordFields[] = [
      john('1', ['father'], { home }),
      john('2', ['son'], { home }),
      john('3', ['son'], { birthday: born1982 }),
      john('4', ['father'], { birthday: born1950 }),
    ];
    const changes = await resolveBatch(
      model,
      {
        queued: ['3', '4'],
        fields: new Map(records.map((record) => [record.id, record])),
        members: new Map([['1', ['1', '2']]]),
        current: new Map(),
        matched: new Map([['3', ['2', '1']], ['4', ['1', '2', '3']]]),
      },
      newPersonId,
    );
    const split = changes.assigned.get('3')!;
    expect(Object.fromEntries(changes.assigned)).toEqual({ '2': split, '3': split, '4': '1' });
    expect(split).not.toBe('1');
    expect(changes.counts).toEqual({ resolved: 2, merged: 0, split: 1, moved: 0 });
  });
  it('splits the person a changed record held together when it no longer does', async () => {
    // Person 1: namesakes in two towns (among a million persons: a name alone does not link), one through record 3,
    // which held both their emails; it now holds one.
    const seattle = { addressLine1: '98 Pine Street', city: 'Seattle', postalCode: '98101' };
    const records: RecordFields[] = [john('1', ['first'], { home }), john('2', ['second'], { home: seattle }), john('3', ['first'])];
    const changes = await resolveBatch(
      { ...model, persons: 1_000_000 },
      {
        queued: ['3'],
        fields: new Map(records.map((record) => [record.id, record])),
        members: new Map([['1', ['1', '2', '3']]]),
        current: new Map([['3', '1']]),
        matched: new Map([['3', ['1', '2']]]),
      },
      newPersonId,
    );
    const split = changes.assigned.get('2')!;
    expect(split).not.toBe('1');
    expect(changes.assigned.get('3')).toBe('1');
    expect(changes.counts).toMatchObject({ resolved: 1, split: 1 });
    expect(changes.events).toEqual([{ kind: 'split', before: ['1'], after: ['1', split], records: ['2'] }]);
  });

  describe('keeps what operators decided', () => {
    const resolveOne = (records: RecordFields[], members: Array<[string, string[]]>, queued: string, matched: string[]) =>
      resolveBatch(
        model,
        {
          queued: [queued],
          fields: new Map(records.map((record) => [record.id, record])),
          members: new Map(members),
          current: new Map(members.flatMap(([personId, ids]) => (ids.includes(queued) ? [[queued, personId] as [string, string]] : []))),
          matched: new Map([[queued, matched]]),
        },
        newPersonId,
      );

    it('splits two records decided never one person, though they share an email', async () => {
      const changes = await resolveOne(
        [john('1', ['same'], { home, decided: [{ other: '2', decision: 'never' }] }), john('2', ['same'], { home, decided: [{ other: '1', decision: 'never' }] })],
        [['1', ['1', '2']]],
        '2',
        ['1'],
      );
      expect(changes.assigned.get('2')).not.toBe('1');
      expect(changes.counts).toMatchObject({ split: 1, merged: 0 });
    });

    it('never merges two persons decided apart through a record that bridges them: it joins one', async () => {
      const changes = await resolveOne(
        [john('1', ['a'], { home, decided: [{ other: '2', decision: 'never' }] }), john('2', ['b'], { home: { city: 'Boston' }, decided: [{ other: '1', decision: 'never' }] }), john('3', ['a', 'b'], { home })],
        [['1', ['1']], ['2', ['2']]],
        '3',
        ['1', '2'],
      );
      expect(changes.merges).toEqual([]);
      expect(changes.events).toEqual([]);
      expect(['1', '2']).toContain(changes.assigned.get('3'));
    });

    it('joins two records decided always one person, though nothing they hold agrees', async () => {
      const other = recordFields('2', { details: { name: { given: 'Mary', family: 'Ames' }, locations: [{ city: 'Boston' }] } }, [{ kind: 'email_sha256', value: 'b' }], [{ other: '1', decision: 'always' }]);
      const changes = await resolveOne([john('1', ['a'], { home, decided: [{ other: '2', decision: 'always' }] }), other], [['1', ['1']], ['2', ['2']]], '2', ['1']);
      expect(changes.assigned.get('2')).toBe('1');
      expect(changes.merges).toEqual([{ from: ['2'], into: '1' }]);
    });
  });
});
