import type { Queryable } from './key-history.ts';

/**
 * The lock under which writes of person records take turns: the imports' batches (so that a key new to two of them
 * is written once) and the re-keying of stored persons (so that it never writes the keys of a document an import
 * has just replaced).
 */
export const PERSON_IMPORT_LOCK_ID = 4_242_006;

/** Takes the lock for the rest of the transaction. */
export async function takePersonImportLock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [PERSON_IMPORT_LOCK_ID]);
}
