import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI_SUITE_TEST_TIMEOUT_MS, GRAPH_DATABASES, graphCliOfSuite, personsIn } from '../support/graph-cli.ts';

vi.setConfig({ testTimeout: CLI_SUITE_TEST_TIMEOUT_MS });

const PERSON_ID = /^\d+$/;

const HOMES = {
  Arlington: { addressLine1: '12 Byron Street', city: 'Arlington', regionCode: 'VA', postalCode: '22201' },
  Boston: { addressLine1: '7 Elm Road', city: 'Boston', regionCode: 'MA', postalCode: '02108' },
};

/** A record of `given family` with these emails, and a home when one is named. */
const record = (id: string, fullName: string, emails: string[], home?: keyof typeof HOMES) => {
  const [given, family] = fullName.split(' ');
  return {
    id,
    fullName,
    details: { name: { given, family }, emails: emails.map((value) => ({ value, label: 'work' })), locations: home ? [HOMES[home]] : [] },
  };
};

/**
 * `kith import persons --source`, `kith resolve persons` and `kith export persons` as an operator runs them, each a
 * process of its own on a database of this suite's alone (the embedded one in KITH_DATA_DIR, or PostgreSQL with
 * DATABASE_URL, so the COPY writer), whose every person the export then lists.
 */
describe.each(GRAPH_DATABASES)('kith import, resolve and export persons ($name)', ({ database }) => {
  const cli = graphCliOfSuite(database);
  const kith = (...args: string[]) => cli().kith(...args);
  const fileOf = (name: string, records: object[]) => cli().fileOf(name, records);
  const importPersons = (...args: string[]) => cli().importPersons(...args);
  const exported = () => cli().exported();

  it('exports no person from a new database', async () => {
    expect(await exported()).toEqual([]);
  });

  it("makes two sources' records of one person one person, in the export to --out", async () => {
    await importPersons('--source', 'a', await fileOf('a.ndjson', [record('p-1', 'Grace Hopper', ['grace@navy.example'], 'Arlington')]));
    await importPersons('--source', 'b', await fileOf('b.ndjson', [record('p-1', 'Grace Hopper', ['grace@navy.example'], 'Arlington')]));

    const out = join(cli().dir, 'persons.ndjson');
    const run = await kith('export', 'persons', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`Exported 1 person to ${out}.\n`);
    expect(personsIn(await readFile(out, 'utf8'))).toEqual([
      { personId: expect.stringMatching(PERSON_ID), records: [{ source: 'a', id: 'p-1' }, { source: 'b', id: 'p-1' }], mergedIds: [] },
    ]);
  });

  it('leaves a record imported with --no-resolve a person of its own until kith resolve persons', async () => {
    const [before] = await exported();
    await importPersons('--no-resolve', '--source', 'c', await fileOf('c.ndjson', [record('c-1', 'Grace Hopper', ['grace@navy.example'])]));
    expect(await exported()).toEqual([before, { personId: expect.stringMatching(PERSON_ID), records: [{ source: 'c', id: 'c-1' }], mergedIds: [] }]);

    const run = await kith('--json', 'resolve', 'persons');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ resolved: 1, merged: 0, split: 0, moved: 0 });
    expect(await exported()).toEqual([{ ...before, records: [...before!.records, { source: 'c', id: 'c-1' }] }]);
  });

  it('merges two persons a record links, and the export names the id merged away', async () => {
    await importPersons('--source', 'a', await fileOf('alan-a.ndjson', [record('alan-1', 'Alan Turing', ['alan@first.example'], 'Arlington')]));
    await importPersons('--source', 'b', await fileOf('alan-b.ndjson', [record('alan-2', 'Alan Turing', ['alan@second.example'], 'Boston')]));
    const persons = await exported();
    expect(persons).toHaveLength(3);
    const [grace, first, second] = persons;

    await importPersons('--source', 'c', await fileOf('alan-c.ndjson', [record('alan-3', 'Alan Turing', ['alan@first.example', 'alan@second.example'])]));
    // Two persons of one record each: the older id lives on.
    const alan = { personId: first!.personId, records: [...first!.records, ...second!.records, { source: 'c', id: 'alan-3' }], mergedIds: [second!.personId] };
    expect(await exported()).toEqual([grace, alan]);
  });

  it('refuses a --source that breaks the rule, naming --source, and imports nothing', async () => {
    const before = await exported();
    for (const source of ['Bad Name', 'CRM']) {
      const run = await kith('import', 'persons', '--source', source, await fileOf('refused.ndjson', [record('r-1', 'Refused Record', ['refused@example.org'])]));
      expect(run.code, run.stdout).not.toBe(0);
      expect(run.stderr).toContain(`--source ${source}`);
    }
    expect(await exported()).toEqual(before);
  });
});
