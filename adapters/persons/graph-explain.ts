import type { SqlClient } from '../db/sql-client.ts';
import { explainPair, explainPerson, type GraphRecord, type PersonHow, type RecordRef, type RecordsWhy } from '../../domain/identity-graph/explain.ts';
import { readRecords } from './graph-reads.ts';
import { latestModel } from './match-models.ts';
import { modelForRecords } from './resolve-records.ts';
import { RECORD_IDS_OF_PERSON } from './records-of-person.ts';

/** The most records a person may have to be explained: each is weighed against all the others. */
export const MAX_EXPLAINED_RECORDS = 1_000;

export class PersonTooLargeError extends Error {
  override name = 'PersonTooLargeError';
}

type RecordRow = { record_id: string; source: string; external_id: string; document: Record<string, unknown> };
const graphRecord = (row: RecordRow): GraphRecord => ({ source: row.source, id: row.external_id, recordId: row.record_id, document: row.document });

/** The ids of a person's records, in id order; a person of more than can be explained is refused. */
async function recordIdsOfPerson(db: SqlClient, personId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT r.record_id::text AS id FROM (${RECORD_IDS_OF_PERSON('$1::bigint')}) AS r (record_id) ORDER BY r.record_id LIMIT $2`, [
    personId,
    MAX_EXPLAINED_RECORDS + 1,
  ]);
  if (rows.length > MAX_EXPLAINED_RECORDS) throw new PersonTooLargeError(`person ${personId} has more than ${MAX_EXPLAINED_RECORDS} records to weigh against each other`);
  return rows.map((row) => row.id);
}

/** A person's records as imported, in id order. */
async function recordsOfPerson(db: SqlClient, personId: string): Promise<GraphRecord[]> {
  const ids = await recordIdsOfPerson(db, personId);
  const rows = await db.query<RecordRow>('SELECT p.id::text AS record_id, p.source, p.external_id, p.document FROM persons p WHERE p.id = ANY($1::bigint[]) ORDER BY p.id', [ids]);
  return rows.map(graphRecord);
}

/** The newest model, as the resolver weighs records with it. */
const resolverModel = async (db: SqlClient) => modelForRecords(db, await latestModel(db));

/**
 * A person's records and how each holds to the others, weighed now as the resolver weighs them; a merged-away id answers
 * with the person it was merged into. Undefined when no person has that id.
 */
export async function personHow(db: SqlClient, askedId: string): Promise<PersonHow | undefined> {
  const [live] = await db.query<{ id: string }>('SELECT coalesce((SELECT to_id FROM person_redirects WHERE from_id = $1::bigint), $1::bigint)::text AS id', [askedId]);
  const personId = live!.id;
  const records = await recordsOfPerson(db, personId);
  if (records.length === 0) return undefined;
  const merged = await db.query<{ id: string }>('SELECT from_id::text AS id FROM person_redirects WHERE to_id = $1::bigint ORDER BY from_id', [personId]);
  const model = await resolverModel(db);
  return { personId, mergedIds: merged.map((row) => row.id), records, holds: explainPerson(model, await readRecords(db, records.map((record) => record.recordId))), model: model.version };
}

/** The record a source names, with the person it is in; undefined when there is none. */
async function recordByRef(db: SqlClient, ref: RecordRef): Promise<(GraphRecord & { personId: string }) | undefined> {
  const [row] = await db.query<RecordRow & { person_id: string }>(
    `SELECT p.id::text AS record_id, p.source, p.external_id, p.document, coalesce(rp.person_id, p.id)::text AS person_id
       FROM persons p LEFT JOIN record_persons rp ON rp.record_id = p.id WHERE p.source = $1 AND p.external_id = $2`,
    [ref.source, ref.id],
  );
  return row && { ...graphRecord(row), personId: row.person_id };
}

/**
 * Why two records are, or are not, one person, weighed now as the resolver weighs them; `missing` names the one of them
 * that no source holds.
 */
export async function recordsWhy(db: SqlClient, refs: { a: RecordRef; b: RecordRef }): Promise<RecordsWhy | { missing: 'a' | 'b' }> {
  const a = await recordByRef(db, refs.a);
  if (!a) return { missing: 'a' };
  const b = await recordByRef(db, refs.b);
  if (!b) return { missing: 'b' };
  const fieldsOfPerson = async (personId: string) => readRecords(db, await recordIdsOfPerson(db, personId));
  const personOfA = await fieldsOfPerson(a.personId);
  const personOfB = a.personId === b.personId ? personOfA : await fieldsOfPerson(b.personId);
  const model = await resolverModel(db);
  const find = (records: typeof personOfA, recordId: string) => records.find((record) => record.id === recordId)!;
  const why = explainPair(model, { a: find(personOfA, a.recordId), b: find(personOfB, b.recordId), personOfA, personOfB });
  return { a, b, samePerson: a.personId === b.personId, ...why, model: model.version };
}
