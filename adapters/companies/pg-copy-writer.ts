import { copyLine } from '../db/copy-text.ts';
import { openBulkConnection } from '../db/pg-bulk.ts';
import { COMPANY_COLUMNS, type CompanyRow } from './columns.ts';
import type { CompanyWriter } from './import.ts';

const IMPORT_LOCK_ID = 4_242_007;
const COPY = `COPY companies (${COMPANY_COLUMNS.map(([name]) => name).join(', ')}, document) FROM STDIN`;

/**
 * The fast writer for PostgreSQL, on a connection of its own: the companies of a batch that exist already are
 * deleted, then the batch is COPYed in. Nothing refers to a company row, so replacing it whole is safe.
 */
export async function pgCopyCompanyWriter(connectionString: string): Promise<CompanyWriter> {
  const connection = await openBulkConnection(connectionString, IMPORT_LOCK_ID);
  return {
    write: (rows: CompanyRow[]) =>
      connection.batch(async (tx) => {
        const [{ replaced }] = (await tx.query<{ replaced: number }>(
          'WITH gone AS (DELETE FROM companies WHERE domain = ANY($1::text[]) RETURNING 1) SELECT count(*)::int AS replaced FROM gone',
          [rows.map((row) => row.domain)],
        )) as [{ replaced: number }];
        await tx.copy(COPY, rows.map((row) => copyLine([...row.values, row.document])).join(''));
        return rows.length - replaced;
      }),
    close: () => connection.close(),
  };
}
