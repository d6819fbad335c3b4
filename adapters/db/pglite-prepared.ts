import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many statements stay prepared; the least recently used past it is closed. */
export const PREPARED_STATEMENTS = 256;

type Statement = { name: string; paramTypes: number[] };

/**
 * Statements PGlite keeps parsed and planned, by their text. PGlite's own `query` parses, describes and plans a
 * statement on every call, in six calls into its WebAssembly; prepared once, a statement is then bound and run in
 * one (a primary-key lookup 0.16-0.19 ms -> 0.06-0.09, an insert 0.15 -> 0.08; docs/decisions.md, "Prepared
 * statements on PGlite"). Values are serialised and rows parsed as PGlite's `query` does, with its own
 * serialisers and parsers; errors are PGlite's, with their SQLSTATE.
 */
export function preparedStatements(db: PGlite) {
  /** By text, least recently used first (a Map keeps the order entries were set in). */
  const prepared = new Map<string, Statement>();
  let made = 0;

  async function statementFor(text: string): Promise<Statement> {
    const known = prepared.get(text);
    if (known) {
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    const name = `kith_${++made}`;
    const described = await db.execProtocolStream(Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    prepared.set(text, statement);
    if (prepared.size > PREPARED_STATEMENTS) {
      const [oldest, { name: closed }] = prepared.entries().next().value!;
      prepared.delete(oldest);
      await db.execProtocolStream(Buffer.concat([serialize.close({ type: 'S', name: closed }), serialize.sync()]), { syncToFs: false });
    }
    return statement;
  }

  /** Runs the statement; PGlite's query lock is held, and its transaction lock unless inside the transaction. */
  async function run(text: string, params: readonly unknown[]): Promise<unknown[]> {
    const { name, paramTypes } = await statementFor(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await db.execProtocolStream(
      Buffer.concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    );
    return parse.parseResults(messages, db.parsers)[0]!.rows;
  }

  return {
    /** A statement of its own, waiting for any transaction under way, as PGlite's `query` does. */
    query: (text: string, params: readonly unknown[]) => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(text, params))),
    /** A statement of the transaction under way (whose lock the caller holds). */
    queryInTransaction: (text: string, params: readonly unknown[]) => db._runExclusiveQuery(() => run(text, params)),
  };
}
