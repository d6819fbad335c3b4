import type { SqlClient } from '../db/sql-client.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import type { RecordFields } from '../../domain/identity-graph/record-fields.ts';
import { compareIds } from '../../domain/matching/id-order.ts';
import { finalRedirects, resolveBatch, type BatchChanges, type BatchGraph, type ResolutionCounts } from '../../domain/identity-graph/resolve-batch.ts';
import { analyzeGrownTables } from '../db/analyze-grown.ts';
import { writeGraphChanges } from './graph-changes.ts';
import { writeDoubts } from './person-doubts.ts';
import { alwaysPartners, currentPersons, keySharing, matchedRecords, personsWithRecords, readRecords, type KeySharing } from './graph-reads.ts';

/**
 * Every resolver takes turns under this lock: two resolving records of the same persons at once could lose a merge.
 * Account records take it shared to redirect to a person (adapters/identity/account-persons.ts).
 */
export const RESOLVE_LOCK_ID = 4_242_045;

/** Records resolved in one transaction: read, resolved in memory and written in a few statements. */
export const RESOLVE_BATCH = 1000;

const none = (): ResolutionCounts => ({ resolved: 0, merged: 0, split: 0, moved: 0 });

/** A new person id, from the sequence the records' ids come from: it never was any person's or record's. */
async function newPersonId(tx: SqlClient): Promise<string> {
  const [row] = await tx.query<{ id: string }>(`SELECT nextval('persons_id_seq')::text AS id`);
  return row!.id;
}

/**
 * The part of the graph the queued records can touch (domain/identity-graph/resolve-batch.ts): the records, the
 * persons they are in, and the persons of the records sharing a key with them, each with all its records.
 */
async function readBatchGraph(tx: SqlClient, queued: string[], ahead: ReadonlyMap<string, KeySharing> | undefined): Promise<BatchGraph> {
  const current = await currentPersons(tx, queued);
  const inBatch = new Set(queued);
  const matchedRows = [...(await matchedRecords(tx, queued, ahead)), ...(await alwaysPartners(tx, queued))];
  const matched = new Map<string, Set<string>>();
  const personIds = new Set(current.values());
  for (const row of matchedRows) {
    matched.set(row.record_id, (matched.get(row.record_id) ?? new Set()).add(row.matched_id));
    // A queued record never resolved is in no person yet: it has none to read.
    if (!inBatch.has(row.matched_id) || current.has(row.matched_id)) personIds.add(row.person_id);
  }
  const persons = await personsWithRecords(tx, [...personIds]);
  const fields = new Map(persons.flatMap((person) => person.records.map((record): [string, RecordFields] => [record.id, record])));
  // The queued records not read with a person: those never resolved, and those deleted (none is found).
  for (const record of await readRecords(tx, queued.filter((recordId) => !fields.has(recordId)))) fields.set(record.id, record);
  const members = new Map(persons.map((person) => [person.personId, person.records.map((record) => record.id)]));
  return { queued, fields, members, current, matched: new Map([...matched].map(([recordId, ids]) => [recordId, [...ids]])) };
}

/** Writes what the batch changed: where records are, records gone, and each merged-away id's redirect. */
async function writeBatchChanges(tx: SqlClient, changes: BatchChanges): Promise<void> {
  if (changes.removed.size > 0) await tx.query('DELETE FROM record_persons WHERE record_id = ANY($1::bigint[])', [[...changes.removed]]);
  if (changes.assigned.size > 0) {
    await tx.query(
      `INSERT INTO record_persons (record_id, person_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])
       ON CONFLICT (record_id) DO UPDATE SET person_id = EXCLUDED.person_id`,
      [[...changes.assigned.keys()], [...changes.assigned.values()]],
    );
  }
  const redirects = finalRedirects(changes.merges);
  if (redirects.size === 0) return;
  const [from, to] = [[...redirects.keys()], [...redirects.values()]];
  // Chains stay one step long: what redirected to a merged-away id now redirects to where it went.
  await tx.query(
    `UPDATE person_redirects r SET to_id = f.to_id FROM unnest($1::bigint[], $2::bigint[]) AS f (from_id, to_id) WHERE r.to_id = f.from_id`,
    [from, to],
  );
  await tx.query(
    `INSERT INTO person_redirects (from_id, to_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])
     ON CONFLICT (from_id) DO UPDATE SET to_id = EXCLUDED.to_id, merged_at = now()`,
    [from, to],
  );
}

/**
 * The key sharing (graph-reads.ts, keySharing) of the records queued after a batch, read in a transaction of its
 * own while that batch is resolved in memory: the database reads the next batch as the resolver compares this one.
 * `started` says it holds a connection: one not yet started may be waiting for a connection that transactions
 * waiting on the resolver's lock hold, and is not waited for.
 */
type ReadAhead = { readonly started: boolean; sharing: Promise<Map<string, KeySharing> | undefined> };

function readAhead(db: SqlClient, after: string, batch: number): ReadAhead {
  let started = false;
  const sharing = db
    .transaction(async (tx) => {
      started = true;
      const next = await tx.query<{ id: string }>('SELECT record_id::text AS id FROM records_to_resolve WHERE record_id > $1::bigint ORDER BY record_id LIMIT $2', [
        after,
        batch,
      ]);
      return keySharing(tx, next.map((row) => row.id));
    })
    // The batch reads what this did not.
    .catch(() => undefined);
  return {
    get started() {
      return started;
    },
    sharing,
  };
}

/**
 * Resolves up to `batch` queued records, oldest first, in one transaction under the resolver's lock, and takes
 * them off the queue in it: a crash resolves them again from the start, never half. The batch is read in a few
 * statements (taking what `ahead` read of it), resolved in memory record by record (the same result as one
 * transaction each), and written back. With `readNext`, a full batch reads the next one's key sharing ahead.
 */
async function resolveQueueBatch(
  db: SqlClient,
  model: MatchModel,
  batch: number,
  { ahead, readNext }: { ahead?: ReadAhead; readNext: boolean },
): Promise<{ counts: ResolutionCounts; next?: ReadAhead }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [RESOLVE_LOCK_ID]);
    // In id order: ordered by the column, not by its text (`10` before `9`).
    const queued = await tx.query<{ id: string }>(
      `DELETE FROM records_to_resolve WHERE record_id IN (SELECT record_id FROM records_to_resolve ORDER BY record_id LIMIT $1)
       RETURNING record_id::text AS id`,
      [batch],
    );
    if (queued.length === 0) return { counts: none() };
    const recordIds = queued.map((row) => row.id).sort(compareIds);
    const next = readNext && queued.length === batch ? readAhead(db, recordIds.at(-1)!, batch) : undefined;
    const graph = await readBatchGraph(tx, recordIds, ahead?.started ? await ahead.sharing : undefined);
    const changes = await resolveBatch(model, graph, () => newPersonId(tx));
    await writeBatchChanges(tx, changes);
    await writeDoubts(tx, model, changes.touched, graph.fields);
    await writeGraphChanges(tx, changes.events);
    return { counts: changes.counts, ...(next ? { next } : {}) };
  });
}

/** Resolves up to `batch` queued records, oldest first, in one transaction (resolveQueueBatch). */
export async function resolveQueuedRecords(db: SqlClient, model: MatchModel, batch = RESOLVE_BATCH): Promise<ResolutionCounts> {
  return (await resolveQueueBatch(db, model, batch, { readNext: false })).counts;
}

/** The fewest persons a record is taken to be one of: a small database is no small population. */
const LEAST_PERSONS = 1000;

/**
 * The model as the resolver uses it: a record is one of as many persons as there are records, at least
 * LEAST_PERSONS (the prior odds of its match with any one of them), whatever the model was trained on.
 */
export async function modelForRecords(db: SqlClient, model: MatchModel): Promise<MatchModel> {
  const [{ records }] = (await db.query<{ records: number }>('SELECT count(*)::int AS records FROM persons')) as [{ records: number }];
  return { ...model, persons: Math.max(records, LEAST_PERSONS) };
}

/** Resolves every queued record, a batch a transaction, reporting the running counts after each. */
export async function resolveAllQueued(db: SqlClient, trained: MatchModel, progress?: (counts: ResolutionCounts) => void): Promise<ResolutionCounts> {
  // Plans that hold as the graph grows (an import, identity.map): the identity worker calls this every second.
  await analyzeGrownTables(db);
  const total = none();
  const [{ queued }] = (await db.query<{ queued: boolean }>('SELECT EXISTS (SELECT 1 FROM records_to_resolve) AS queued')) as [{ queued: boolean }];
  if (!queued) return total;
  const model = await modelForRecords(db, trained);
  // On a pool, each batch reads the next one's key sharing on a second connection while it is resolved in memory.
  for (let ahead: ReadAhead | undefined; ; ) {
    const { counts, next } = await resolveQueueBatch(db, model, RESOLVE_BATCH, { ahead, readNext: db.concurrentQueries === true });
    ahead = next;
    total.resolved += counts.resolved;
    total.merged += counts.merged;
    total.split += counts.split;
    total.moved += counts.moved;
    progress?.(total);
    if (counts.resolved < RESOLVE_BATCH) return total;
  }
}
