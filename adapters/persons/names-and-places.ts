import type { SqlClient } from '../db/sql-client.ts';
import type { PersonNamesAndPlaces } from '../../domain/matching/fields.ts';
import { LIVE_PERSONS_OF, RECORD_IDS_OF_PERSON } from './records-of-person.ts';

/**
 * What the matcher compares of each record (domain/matching/fields.ts recordsFields): its names, addresses and
 * birthday, cut out of the document by the database, so that the candidates a name and address finds (tens a
 * lookup) are not read, sent and parsed whole: a generated record is about 2.1 kB, these parts of it about 0.5.
 */
const NAMES_AND_PLACES = `json_build_object('fullName', p.document -> 'fullName', 'details', json_build_object(
    'name', p.document #> '{details,name}', 'locations', p.document #> '{details,locations}',
    'age', json_build_object('birthday', p.document #> '{details,age,birthday}')))`;

/**
 * For each list of person ids, in one statement: each person's records' names and places (in record id order), by
 * its id; a merged-away id answers under the id of the person it was merged into, and an id of nobody not at all.
 */
export async function namesAndPlacesByIdsMany(db: SqlClient, lists: string[][]): Promise<Map<string, PersonNamesAndPlaces[]>[]> {
  const asked = lists.flatMap((ids, at) => ids.map((id) => ({ at, id })));
  const found = lists.map(() => new Map<string, PersonNamesAndPlaces[]>());
  if (asked.length === 0) return found;
  const rows = await db.query<{ at: number; person_id: string; records: PersonNamesAndPlaces[] }>(
    `SELECT x.at, x.person_id::text AS person_id, d.records
       FROM (${LIVE_PERSONS_OF('unnest($1::int[], $2::bigint[]) AS a (at, id)', ['at'])}) AS x
       CROSS JOIN LATERAL (SELECT json_agg(${NAMES_AND_PLACES} ORDER BY p.id) AS records
                             FROM persons p WHERE p.id IN (${RECORD_IDS_OF_PERSON('x.person_id')})) AS d
      WHERE d.records IS NOT NULL`,
    [asked.map((item) => item.at), asked.map((item) => item.id)],
  );
  for (const row of rows) found[row.at]!.set(row.person_id, row.records);
  return found;
}
