import type { Readable } from 'node:stream';
import { CompanyRecord } from '../../schemas/data/company-record.ts';
import type { SqlClient } from '../db/sql-client.ts';
import {
  importNdjson,
  parseRecordLine,
  type BatchWriter,
  type ImportOptions,
  type ImportSummary,
} from '../ndjson/import.ts';
import type { ParsedLine } from '../ndjson/parse-lines.ts';
import { COMPANY_COLUMNS, companyColumns, type CompanyRow } from './columns.ts';
import { normaliseDomain } from '../../schemas/formats/domain-name.ts';

export type CompanyWriter = BatchWriter<CompanyRow>;

/** A line's company, keyed by its normalised domain, or why it was rejected. */
export function parseCompanyLine(text: string): ParsedLine<CompanyRow> {
  const parsed = parseRecordLine(text, CompanyRecord);
  if ('error' in parsed) return parsed;
  const domain = normaliseDomain(parsed.record.domain);
  if (domain === undefined) return { error: `domain: not a domain name: ${JSON.stringify(parsed.record.domain)}` };
  return { key: domain, row: { domain, values: companyColumns(domain, parsed.record), document: text } };
}

const names = COMPANY_COLUMNS.map(([name]) => name);
const UPSERT = `INSERT INTO companies (${names.join(', ')}, document)
  SELECT ${COMPANY_COLUMNS.map(([name, type]) => `r.${name}::${type}`).join(', ')}, d.document
    FROM unnest(${names.map((_, i) => `$${i + 1}::text[]`).join(', ')}) WITH ORDINALITY AS r (${names.join(', ')}, n)
    JOIN json_array_elements($${names.length + 1}::json) WITH ORDINALITY AS d (document, n) USING (n)
  ON CONFLICT (domain) DO UPDATE
     SET ${[...names.slice(1), 'document'].map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, imported_at = now()
  RETURNING (xmax = 0) AS inserted`;

/**
 * The writer for any SqlClient (PGlite and pg): one set-based upsert over arrays a batch. Every column travels
 * as text[] and is cast in the select, so that place_keys (text[]) can travel as its literal. The documents travel
 * as one JSON array, which both databases take much faster than a text[] of documents.
 */
export function sqlCompanyWriter(db: SqlClient): CompanyWriter {
  return {
    write: (rows) =>
      db.transaction(async (tx) => {
        // A crash loses at most the last batches, which a re-run of the (idempotent) import writes again.
        await tx.query('SET LOCAL synchronous_commit TO off');
        const columns = COMPANY_COLUMNS.map((_, i) => rows.map((row) => row.values[i]));
        const written = await tx.query<{ inserted: boolean }>(UPSERT, [...columns, `[${rows.map((row) => row.document).join(',')}]`]);
        return written.filter((row) => row.inserted).length;
      }),
    close: async () => {},
  };
}

/**
 * Imports an NDJSON stream of company records (docs/company-records.md) in constant memory. Bad lines are
 * reported with their line numbers and skipped; the rest imports. Importing a domain again replaces the company.
 */
export function importCompanies(writer: CompanyWriter, input: Readable, options: ImportOptions = {}): Promise<ImportSummary> {
  return importNdjson(writer, input, parseCompanyLine, options);
}
