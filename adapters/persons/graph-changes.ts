import type { SqlClient } from '../db/sql-client.ts';
import type { GraphChange } from '../../domain/identity-graph/resolve-batch.ts';

/** Writes a batch's merges, splits and moves to the change feed's outbox (graph_changes), in the batch's transaction, in order. */
export async function writeGraphChanges(tx: SqlClient, events: readonly GraphChange[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO graph_changes (kind, before_ids, after_ids, record_ids)
     SELECT e.value->>'kind',
            ARRAY(SELECT jsonb_array_elements_text(e.value->'before'))::bigint[],
            ARRAY(SELECT jsonb_array_elements_text(e.value->'after'))::bigint[],
            ARRAY(SELECT jsonb_array_elements_text(e.value->'records'))::bigint[]
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e (value, n) ORDER BY e.n`,
    [JSON.stringify(events)],
  );
}
