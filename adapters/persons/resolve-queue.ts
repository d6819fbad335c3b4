import type { Queryable } from './key-history.ts';

/**
 * Queues records for the resolver (./resolve-records.ts), in the transaction that wrote or deleted them: an
 * outbox, so that a crash between the write and the resolution loses nothing.
 */
export async function queueForResolution(tx: Queryable, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return;
  await tx.query('INSERT INTO records_to_resolve (record_id) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING', [recordIds]);
}

/** Queues every record: each is weighed again against the persons as they are (`kith resolve persons --all`). */
export async function queueAllForResolution(db: Queryable): Promise<void> {
  await db.query('INSERT INTO records_to_resolve (record_id) SELECT id FROM persons ON CONFLICT DO NOTHING');
}
