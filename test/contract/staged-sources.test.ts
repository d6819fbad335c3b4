import { describe, expect, it, vi } from 'vitest';
import { CLI_SUITE_TEST_TIMEOUT_MS, GRAPH_DATABASES, graphCliOfSuite, type Exported } from '../support/graph-cli.ts';

vi.setConfig({ testTimeout: CLI_SUITE_TEST_TIMEOUT_MS });

const ARLINGTON = { addressLine1: '12 Byron Street', city: 'Arlington', regionCode: 'VA', postalCode: '22201', countryCode: 'US' };
const BOSTON = { addressLine1: '7 Elm Road', city: 'Boston', regionCode: 'MA', postalCode: '02108', countryCode: 'US' };

type Evidence = { emails?: string[]; home?: object; birthday?: { year: number; month: number; day: number } };

/** A record of `given family` holding this evidence and nothing else. */
const record = (id: string, fullName: string, evidence: Evidence) => {
  const [given, family] = fullName.split(' ');
  return {
    id,
    fullName,
    details: {
      name: { given, family },
      emails: (evidence.emails ?? []).map((value) => ({ value, label: 'personal' })),
      locations: evidence.home ? [evidence.home] : [],
      ...(evidence.birthday && { age: { birthday: evidence.birthday } }),
    },
  };
};

/** The clusters of an export: each person's records as `source:id`, the persons in id order. */
const clustersOf = (persons: Exported[]) => persons.map((person) => person.records.map((item) => `${item.source}:${item.id}`));
const holding = (persons: Exported[], record: string) => persons.find((person) => clustersOf([person])[0]!.includes(record))!;

/**
 * The staged load of #45: source A, then B, then C, each imported and resolved by the CLI on a database of its own.
 * After each, the clusters are the truth so far: what the records loaded so far can tell. A father and a son of one
 * rare name at one address are one person while nothing tells them apart (A); B's records give each a birthday and
 * the identifier of one of them, and the person splits; Mary's two records, apart in A and B (other emails, other
 * towns), are merged by C's record holding both emails. The ids move by the documented rules.
 */
describe.each(GRAPH_DATABASES)('three sources loaded one after another ($name)', ({ database }) => {
  const cli = graphCliOfSuite(database);

  const load = async (source: string, records: object[]) => {
    await cli().importPersons('--source', source, await cli().fileOf(`${source}.ndjson`, records));
    return cli().exported();
  };

  it('after each source, the clusters are the truth so far, with a split by B and a merge by C', async () => {
    const afterA = await load('a', [
      record('a-1', 'Thaddeus Quillfeather', { emails: ['thaddeus@father.example'], home: ARLINGTON }),
      record('a-2', 'Thaddeus Quillfeather', { emails: ['thaddeus@son.example'], home: ARLINGTON }),
      record('a-3', 'Marigold Vantreese', { emails: ['marigold@first.example'], home: BOSTON }),
    ]);
    expect(clustersOf(afterA)).toEqual([['a:a-1', 'a:a-2'], ['a:a-3']]);
    const [thaddeus, marigold] = afterA;

    const afterB = await load('b', [
      record('b-2', 'Thaddeus Quillfeather', { emails: ['thaddeus@son.example'], birthday: { year: 1982, month: 9, day: 17 } }),
      record('b-1', 'Thaddeus Quillfeather', { emails: ['thaddeus@father.example'], birthday: { year: 1950, month: 4, day: 2 } }),
      record('b-3', 'Marigold Vantreese', { emails: ['marigold@second.example'], home: ARLINGTON }),
    ]);
    // The split: the two parts are as large, so the part holding the oldest record (a-1) keeps the id; the son's part
    // gets a new id, never one an earlier person had.
    const son = holding(afterB, 'b:b-2');
    expect(afterB).toEqual([
      { personId: thaddeus!.personId, records: [{ source: 'a', id: 'a-1' }, { source: 'b', id: 'b-1' }], mergedIds: [] },
      marigold,
      { personId: expect.any(String), records: [{ source: 'b', id: 'b-3' }], mergedIds: [] },
      son,
    ]);
    expect(clustersOf([son])).toEqual([['a:a-2', 'b:b-2']]);
    expect([thaddeus!.personId, marigold!.personId]).not.toContain(son.personId);
    const marigoldInB = holding(afterB, 'b:b-3');

    const afterC = await load('c', [
      record('c-1', 'Marigold Vantreese', { emails: ['marigold@first.example', 'marigold@second.example'] }),
      record('c-2', 'Thaddeus Quillfeather', { emails: ['thaddeus@father.example'], birthday: { year: 1950, month: 4, day: 2 } }),
    ]);
    // The merge: two persons of one record each, so the older id lives on and the other redirects to it.
    expect(afterC).toEqual([
      { personId: thaddeus!.personId, records: [{ source: 'a', id: 'a-1' }, { source: 'b', id: 'b-1' }, { source: 'c', id: 'c-2' }], mergedIds: [] },
      {
        personId: marigold!.personId,
        records: [{ source: 'a', id: 'a-3' }, { source: 'b', id: 'b-3' }, { source: 'c', id: 'c-1' }],
        mergedIds: [marigoldInB.personId],
      },
      son,
    ]);
  });
});
