import { Readable } from 'node:stream';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { importPersons, sqlPersonWriter } from '../../adapters/persons/import.ts';

const GIVEN = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Dennis'];
const FAMILY = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton', 'Ritchie'];

/** A record of a bridged person: a name, its emails, and its town when it has one. */
export type BridgedRecord = { id: string; fullName: string; details: { name: { given: string; family: string }; emails: Array<{ value: string }>; locations: Array<{ city: string }> } };
export type SourcedRecord = { source: string; record: BridgedRecord };

/**
 * Persons of three records each, from three sources: a and c alone stay apart (the same name in two towns, two
 * emails), b holds both emails and merges them. Up to 100 persons have names of their own.
 */
export function bridgedPersons(count: number): SourcedRecord[] {
  return Array.from({ length: count }, (_, at) => {
    const name = { given: GIVEN[at % GIVEN.length]!, family: FAMILY[(at * 3 + Math.floor(at / GIVEN.length)) % FAMILY.length]! };
    const record = (id: string, emails: string[], city?: string): BridgedRecord => ({
      id,
      fullName: `${name.given} ${name.family}`,
      details: { name, emails: emails.map((value) => ({ value })), locations: city ? [{ city }] : [] },
    });
    return [
      { source: 'a', record: record(`p${at}`, [`g${at}@navy.mil`], 'Arlington') },
      { source: 'b', record: record(`p${at}`, [`g${at}@navy.mil`, `g${at}@yale.edu`]) },
      { source: 'c', record: record(`p${at}`, [`g${at}@yale.edu`], 'New Haven') },
    ];
  }).flat();
}

/** Imports the records source by source, c, a, then b: the bridging records come last, so each person is built by a merge. */
export async function importBySource(db: SqlClient, records: SourcedRecord[]): Promise<void> {
  for (const source of ['c', 'a', 'b']) {
    const lines = records.filter((item) => item.source === source).map((item) => `${JSON.stringify(item.record)}\n`);
    await importPersons(sqlPersonWriter(db, { source }), Readable.from(lines), { parseThreads: 0 });
  }
}
