import type { SqlClient } from './sql-client.ts';

/**
 * Tables grown by more than a fifth (and eight pages) since their statistics were last gathered: the planner then
 * guesses their rows and picks plans that read whole tables for each row of a join (seen in the resolver's and
 * identity.map's statements on PGlite, 6 ms a statement at 3,000 records of an account, 1 ms after an ANALYZE).
 */
const GROWN_TABLES = `
  SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = current_schema() AND c.relkind = 'r'
     AND pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * greatest(c.relpages, 0) + 8
   ORDER BY c.relname`;

/**
 * Gathers the statistics of the tables that have grown since they were last gathered, and names them. PostgreSQL's
 * autovacuum does this on a server; PGlite has no autovacuum, so the embedded database relies on this alone.
 */
export async function analyzeGrownTables(db: SqlClient): Promise<string[]> {
  const grown = (await db.query<{ name: string }>(GROWN_TABLES)).map((row) => row.name);
  for (const table of grown) await db.query(`ANALYZE ${table}`);
  return grown;
}
