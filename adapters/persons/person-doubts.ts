import type { z } from 'zod';
import type { SqlClient } from '../db/sql-client.ts';
import type { PersonToReview as PersonToReviewSchema } from '../../schemas/admin/identity-graph.ts';
import { doubtOf } from '../../domain/identity-graph/doubt.ts';
import { probabilityOf } from '../../domain/identity-graph/explain.ts';
import type { RecordFields } from '../../domain/identity-graph/record-fields.ts';
import type { BatchChanges } from '../../domain/identity-graph/resolve-batch.ts';
import type { MatchModel } from '../../domain/matching/model.ts';

/**
 * Weighs again how each person a batch changed holds (domain/identity-graph/doubt.ts) and keeps it for the review
 * list, in the batch's transaction: a person of fewer than two records, or merged away, has none.
 */
export async function writeDoubts(tx: SqlClient, model: MatchModel, touched: BatchChanges['touched'], fields: ReadonlyMap<string, RecordFields>): Promise<void> {
  if (touched.size === 0) return;
  const doubts = [...touched].flatMap(([personId, recordIds]) => {
    const doubt = doubtOf(model, recordIds.map((recordId) => fields.get(recordId)!));
    return doubt ? [{ personId, records: recordIds.length, ...doubt }] : [];
  });
  await tx.query('DELETE FROM person_doubts WHERE person_id = ANY($1::bigint[])', [[...touched.keys()]]);
  if (doubts.length === 0) return;
  await tx.query(
    `INSERT INTO person_doubts (person_id, kind, weight, record_id, records)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::bigint[], $5::int[])`,
    [doubts.map((doubt) => doubt.personId), doubts.map((doubt) => doubt.kind), doubts.map((doubt) => doubt.weight), doubts.map((doubt) => doubt.recordId), doubts.map((doubt) => doubt.records)],
  );
}

/** A person listed for review (schemas/admin/identity-graph.ts): its doubt, and the record at it as its source names it. */
export type PersonToReview = z.infer<typeof PersonToReviewSchema>;

/** The persons that hold by the thinnest threads, most doubtful first; with a source, only those holding a record of it. */
export async function personsToReview(db: SqlClient, options: { limit: number; source?: string }): Promise<PersonToReview[]> {
  const rows = await db.query<{ person_id: string; records: number; kind: PersonToReview['kind']; weight: number; source: string; external_id: string }>(
    `SELECT d.person_id::text AS person_id, d.records, d.kind, d.weight, p.source, p.external_id
       FROM person_doubts d JOIN persons p ON p.id = d.record_id
      WHERE $2::text IS NULL
         OR EXISTS (SELECT 1 FROM record_persons o JOIN persons r ON r.id = o.record_id WHERE o.person_id = d.person_id AND r.source = $2)
      ORDER BY d.weight, d.person_id LIMIT $1`,
    [options.limit, options.source ?? null],
  );
  return rows.map((row) => ({
    personId: row.person_id,
    records: row.records,
    kind: row.kind,
    weight: Number(row.weight.toFixed(2)),
    probability: probabilityOf(row.weight),
    record: { source: row.source, id: row.external_id },
  }));
}
