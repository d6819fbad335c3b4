import type { SqlClient } from '../db/sql-client.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import { groupsOf, keeperOf, linksOf, survivorOf } from '../../domain/identity-graph/resolve.ts';
import { candidatePersons, personOfRecord, personsWithRecords, readRecord } from './graph-reads.ts';
import { RECORD_IDS_OF_PERSON } from './records-of-person.ts';

/** Every resolver takes turns under this lock: two resolving records of the same persons at once could lose a merge. */
const RESOLVE_LOCK_ID = 4_242_045;

/** Records resolved in one transaction. */
export const RESOLVE_BATCH = 200;

/** What a round of resolution did (docs/identity-graph.md): records resolved, persons merged away, persons split off. */
export type ResolutionCounts = { resolved: number; merged: number; split: number };

const none = (): ResolutionCounts => ({ resolved: 0, merged: 0, split: 0 });

/** A new person id, from the sequence the records' ids come from: it never was any person's or record's. */
async function newPersonId(tx: SqlClient): Promise<string> {
  const [row] = await tx.query<{ id: string }>(`SELECT nextval('persons_id_seq')::text AS id`);
  return row!.id;
}

/** Puts the records in the person (each leaves the one it was in). */
async function assign(tx: SqlClient, recordIds: string[], personId: string): Promise<void> {
  await tx.query(
    `INSERT INTO record_persons (record_id, person_id) SELECT unnest($1::bigint[]), $2
     ON CONFLICT (record_id) DO UPDATE SET person_id = EXCLUDED.person_id`,
    [recordIds, personId],
  );
}

/** Merges the persons into `into`: their records move, and their ids (and ids merged into them) answer as it. */
async function merge(tx: SqlClient, from: string[], into: string): Promise<void> {
  if (from.length === 0) return;
  const moved = await tx.query<{ record_id: string }>(
    `SELECT o.record_id::text AS record_id FROM unnest($1::bigint[]) AS f (person_id) CROSS JOIN LATERAL (${RECORD_IDS_OF_PERSON('f.person_id')}) AS o`,
    [from],
  );
  await assign(tx, moved.map((row) => row.record_id), into);
  await tx.query('UPDATE person_redirects SET to_id = $2 WHERE to_id = ANY($1::bigint[])', [from, into]);
  await tx.query(
    `INSERT INTO person_redirects (from_id, to_id) SELECT unnest($1::bigint[]), $2
     ON CONFLICT (from_id) DO UPDATE SET to_id = EXCLUDED.to_id, merged_at = now()`,
    [from, into],
  );
}

/**
 * Checks that the person's records still hold together (domain/identity-graph/resolve.ts groupsOf) and splits it
 * when they do not: the group keeperOf names keeps the id, each other group is a new person. A person left with
 * no records is merged into `emptiedInto`, when given (its last record moved there).
 */
async function revalidate(tx: SqlClient, model: MatchModel, personId: string, counts: ResolutionCounts, emptiedInto?: string): Promise<void> {
  const [person] = await personsWithRecords(tx, [personId]);
  if (person!.records.length === 0) {
    if (emptiedInto) await merge(tx, [personId], emptiedInto);
    return;
  }
  const groups = groupsOf(model, person!.records);
  const keeper = keeperOf(groups);
  for (const [at, group] of groups.entries()) {
    if (at === keeper) continue;
    await assign(tx, group.map((record) => record.id), await newPersonId(tx));
    counts.split += 1;
  }
}

/**
 * Resolves one record (docs/identity-graph.md): it joins the persons it links to, merging them when it links to
 * several, or stays in (or starts) a person of its own; the person it left, or that it changed, is checked again.
 */
async function resolveRecord(tx: SqlClient, model: MatchModel, recordId: string, counts: ResolutionCounts): Promise<void> {
  const current = await personOfRecord(tx, recordId);
  const record = await readRecord(tx, recordId);
  if (!record) {
    await tx.query('DELETE FROM record_persons WHERE record_id = $1', [recordId]);
    if (current) await revalidate(tx, model, current, counts);
    return;
  }
  const candidateIds = [...new Set([...(await candidatePersons(tx, record)), ...(current ? [current] : [])])];
  const candidates = await personsWithRecords(tx, candidateIds, recordId);
  const links = linksOf(model, record, candidates);
  const sizes = new Map(candidates.map((candidate) => [candidate.personId, candidate.records.length]));
  const alone = !current || sizes.get(current) === 0;
  const target =
    links.length > 0
      ? survivorOf(links.map((link) => ({ personId: link.personId, records: sizes.get(link.personId)! })))
      : alone
        ? (current ?? recordId)
        : await newPersonId(tx);
  const mergedAway = links.map((link) => link.personId).filter((personId) => personId !== target);
  await merge(tx, mergedAway, target);
  counts.merged += mergedAway.length;
  await assign(tx, [recordId], target);
  if (current && !mergedAway.includes(current)) await revalidate(tx, model, current, counts, target);
}

/**
 * Resolves up to `batch` queued records, oldest first, in one transaction under the resolver's lock, and takes
 * them off the queue in it: a crash resolves them again from the start, never half.
 */
export async function resolveQueuedRecords(db: SqlClient, model: MatchModel, batch = RESOLVE_BATCH): Promise<ResolutionCounts> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [RESOLVE_LOCK_ID]);
    // In id order: ordered by the column, not by its text (`10` before `9`).
    const queued = await tx.query<{ id: string }>('SELECT record_id::text AS id FROM records_to_resolve ORDER BY record_id LIMIT $1', [batch]);
    const counts = none();
    for (const { id: recordId } of queued) {
      // Off the queue first: the records after it in this batch see it as resolved.
      await tx.query('DELETE FROM records_to_resolve WHERE record_id = $1', [recordId]);
      await resolveRecord(tx, model, recordId, counts);
      counts.resolved += 1;
    }
    return counts;
  });
}

/** The fewest persons a record is taken to be one of: a small database is no small population. */
const LEAST_PERSONS = 1000;

/**
 * The model as the resolver uses it: a record is one of as many persons as there are records, at least
 * LEAST_PERSONS (the prior odds of its match with any one of them), whatever the model was trained on.
 */
async function modelForRecords(db: SqlClient, model: MatchModel): Promise<MatchModel> {
  const [{ records }] = (await db.query<{ records: number }>('SELECT count(*)::int AS records FROM persons')) as [{ records: number }];
  return { ...model, persons: Math.max(records, LEAST_PERSONS) };
}

/** Resolves every queued record, a batch a transaction, reporting the running counts after each. */
export async function resolveAllQueued(db: SqlClient, trained: MatchModel, progress?: (counts: ResolutionCounts) => void): Promise<ResolutionCounts> {
  const total = none();
  const [{ queued }] = (await db.query<{ queued: boolean }>('SELECT EXISTS (SELECT 1 FROM records_to_resolve) AS queued')) as [{ queued: boolean }];
  if (!queued) return total;
  const model = await modelForRecords(db, trained);
  for (;;) {
    const counts = await resolveQueuedRecords(db, model);
    total.resolved += counts.resolved;
    total.merged += counts.merged;
    total.split += counts.split;
    progress?.(total);
    if (counts.resolved < RESOLVE_BATCH) return total;
  }
}
