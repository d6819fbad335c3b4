import { ConflictError, PermanentError, RetryableError } from '../errors.ts';

/**
 * The tiny SQL surface the query modules are written against, so that they run unchanged on a real
 * Postgres (pg) and on the embedded PGlite.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  execScript(sql: string): Promise<void>;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Whether a query runs beside an open transaction, on a connection of its own: true of a pool of several
   * connections. PGlite runs one statement at a time, and a query waits for the transaction to end.
   */
  readonly concurrentQueries?: boolean;
}

const RETRYABLE_SQLSTATE_CLASSES = ['08', '40', '53', '57'];

/** Sorts a driver error into the shared error classes, once, at the adapter edge. */
export function classifySqlError(error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '23505') return new ConflictError(message, { cause: error });
  if (typeof code === 'string' && RETRYABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) {
    return new RetryableError(message, { cause: error });
  }
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(String(code))) {
    return new RetryableError(message, { cause: error });
  }
  if (typeof code === 'string') return new PermanentError(message, { cause: error, context: { code } });
  return error instanceof Error ? error : new Error(message);
}

/** What a driver connection must do for `sqlClient`: rows of a parameterised query, and a raw script. */
export type DriverCalls = {
  rows(text: string, params: unknown[]): Promise<unknown[]>;
  script(sql: string): Promise<unknown>;
};

const NO_NESTED_TRANSACTIONS: SqlClient['transaction'] = () =>
  Promise.reject(new Error('nested transactions are not supported'));

/** A SqlClient over a driver connection, with driver errors classified at this edge. */
export function sqlClient(
  driver: DriverCalls,
  transaction: SqlClient['transaction'] = NO_NESTED_TRANSACTIONS,
  close: () => Promise<void> = async () => {},
  concurrentQueries = false,
): SqlClient {
  const classified = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw classifySqlError(error);
    }
  };
  return {
    query: <Row>(text: string, params: readonly unknown[] = []) =>
      classified(() => driver.rows(text, [...params]) as Promise<Row[]>),
    execScript: (sql) => classified(async () => void (await driver.script(sql))),
    transaction,
    close,
    concurrentQueries,
  };
}
