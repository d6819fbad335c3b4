import type { BulkConnection } from '../db/pg-bulk.ts';

/**
 * The lookup index of person keys, the primary key (kind, value, person_id) of person_identifiers, is where a
 * large import spends most of its database time: each of the ~16 keys of a person lands on a random page of a
 * B-tree much larger than the buffer cache. Building it once, by sorting, costs a fraction of that. So an import
 * that will write more than the table holds (an initial load, above all) drops it first and builds it again at
 * its end. Meanwhile lookups fall back to scanning the table: a large load is not the time to serve requests.
 *
 * The person_id index stays: it is cheap to keep (ids grow, so its entries are appended) and it is how a person
 * imported again finds its old keys. The import writes each person's keys once (its old ones deleted first), so
 * the rebuilt key is unique, as before.
 *
 * An import that stopped half-way leaves the index missing; the next import sees that and builds it at its end.
 *
 * Building it also gathers the table's statistics. CREATE INDEX records the table's new size, so nothing else would
 * see it grown (adapters/db/analyze-grown.ts), and a new database's table would keep none until autovacuum came: the
 * planner, counting a record's keys at 1 in 200 of the table, then read the resolver's keys of 1,000 records through
 * this index rather than by person id, 13 s a batch instead of a fraction of one.
 */
export type KeyIndex = {
  /** Whether this import dropped the index (or found it missing) and will build it. */
  readonly rebuilding: boolean;
  /** Builds the index if this import dropped or lacked it; idempotent. */
  finish(): Promise<void>;
};

const PRIMARY_KEY = 'person_identifiers_pkey';

/** Sorting the keys in memory rather than on disk: a million persons' keys are about 1.3 GB to sort. */
const BUILD_MEMORY = '512MB';

/**
 * Decides, before the first batch, whether this import rebuilds the key index: it does when the index is
 * missing, or when `importBytes` (the size of the input) is larger than the persons table, whose pages hold
 * little more than the same documents.
 */
export async function keyIndexForImport(connection: BulkConnection, importBytes: number | undefined): Promise<KeyIndex> {
  const rebuilding = await connection.batch(async (tx) => {
    const [state] = await tx.query<{ indexed: boolean; table_bytes: string }>(
      `SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'person_identifiers'::regclass AND conname = $1) AS indexed,
              pg_relation_size('persons')::text AS table_bytes`,
      [PRIMARY_KEY],
    );
    if (!state!.indexed) return true;
    if (importBytes === undefined || importBytes <= Number(state!.table_bytes)) return false;
    await tx.query(`ALTER TABLE person_identifiers DROP CONSTRAINT ${PRIMARY_KEY}`);
    return true;
  });
  let pending = rebuilding;
  return {
    rebuilding,
    async finish() {
      if (!pending) return;
      await connection.batch(async (tx) => {
        // Another import may have built it meanwhile: the batches and this take turns under the same lock.
        const [{ indexed }] = (await tx.query<{ indexed: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'person_identifiers'::regclass AND conname = $1) AS indexed`,
          [PRIMARY_KEY],
        )) as [{ indexed: boolean }];
        if (indexed) return;
        await tx.query(`SET LOCAL maintenance_work_mem TO '${BUILD_MEMORY}'`);
        // CREATE INDEX lets lookups read the table while it builds; ALTER TABLE ... ADD PRIMARY KEY would not.
        await tx.query(`DROP INDEX IF EXISTS ${PRIMARY_KEY}`);
        await tx.query(`CREATE UNIQUE INDEX ${PRIMARY_KEY} ON person_identifiers (kind, value, person_id)`);
        await tx.query(`ALTER TABLE person_identifiers ADD CONSTRAINT ${PRIMARY_KEY} PRIMARY KEY USING INDEX ${PRIMARY_KEY}`);
        await tx.query('ANALYZE person_identifiers');
      });
      pending = false;
    },
  };
}
