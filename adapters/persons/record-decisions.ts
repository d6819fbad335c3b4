import type { SqlClient } from '../db/sql-client.ts';
import type { Decision } from '../../domain/identity-graph/record-fields.ts';
import type { RecordRef } from '../../domain/identity-graph/explain.ts';
import { queueForResolution } from './resolve-queue.ts';

/** What an operator says of two records: never one person, always one, or `none` to withdraw what was said. */
export type DecisionAsked = Decision | 'none';

/**
 * Records what an operator decided of two records (docs/identity-graph.md, "People decide"), held from each of
 * them, replacing what was decided of them before, and queues both for resolution in the same transaction, so that
 * the graph follows it (the next resolution splits or merges their persons) and a crash loses neither. `missing`
 * names the record no source holds.
 */
export async function decideRecords(db: SqlClient, refs: { a: RecordRef; b: RecordRef }, decision: DecisionAsked): Promise<{ decision: DecisionAsked } | { missing: 'a' | 'b' }> {
  return db.transaction(async (tx) => {
    const idOf = async (ref: RecordRef) =>
      (await tx.query<{ id: string }>('SELECT id::text AS id FROM persons WHERE source = $1 AND external_id = $2', [ref.source, ref.id]))[0]?.id;
    const a = await idOf(refs.a);
    if (!a) return { missing: 'a' as const };
    const b = await idOf(refs.b);
    if (!b) return { missing: 'b' as const };
    await tx.query('DELETE FROM record_decisions WHERE (record_id, other_id) IN (($1::bigint, $2::bigint), ($2::bigint, $1::bigint))', [a, b]);
    if (decision !== 'none') {
      await tx.query('INSERT INTO record_decisions (record_id, other_id, decision) VALUES ($1, $2, $3), ($2, $1, $3)', [a, b, decision]);
    }
    await queueForResolution(tx, [a, b]);
    return { decision };
  });
}
