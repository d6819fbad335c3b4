import type { Readable } from 'node:stream';
import { CSV_LIMITS, readCsvHeader, type ColumnMap, type CsvColumns, type CsvField, type MapOption } from '../../domain/persons/csv-columns.ts';
import { personRecordOfRow } from '../../domain/persons/csv-record.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../schemas/formats/phone.ts';
import { parseCsvRows } from '../csv/parse-rows.ts';
import { importParsed } from '../ndjson/import.ts';
import { personLineParser, type ImportOptions, type ImportSummary, type PersonWriter } from './import.ts';

export type CsvImportOptions = ImportOptions & {
  /** The operator's column mapping (domain/persons/csv-columns.ts `parseColumnMap`). */
  map?: ColumnMap;
  /** How errors name the mapping: `--map` on the CLI, `map` on the admin API. */
  mapOption?: MapOption;
};

/** A CSV import's summary: the NDJSON import's, with how the header was read. */
export type CsvImportSummary = ImportSummary & {
  /** Each column read, by its header name, and the field it gives. */
  columns: Record<string, CsvField>;
  /** The columns left out: no field was found for them, or --map ignores them. */
  ignoredColumns: string[];
};

/**
 * Imports a CSV file of persons with a header row (docs/person-records.md, "CSV") in constant memory: each row
 * becomes the record an NDJSON line holds (domain/persons/csv-record.ts), and from there it is the NDJSON import,
 * its record check, keys, writer and summary. A header the import cannot go on with throws `CsvColumnsError`
 * before anything is written; a bad row is reported with the line it begins on, and the rest imports. Rows are
 * parsed on this thread (a row may run over lines, so the input cannot be cut into runs of lines for threads).
 */
export async function importPersonsCsv(writer: PersonWriter, input: Readable, options: CsvImportOptions = {}): Promise<CsvImportSummary> {
  const parseLine = personLineParser({ defaultCountry: options.defaultCountry ?? DEFAULT_PHONE_COUNTRY });
  let columns: CsvColumns | undefined;
  const rows = parseCsvRows(
    input,
    (names) => {
      const read = readCsvHeader(names, options.map, options.mapOption);
      columns = read;
      return Object.assign(
        (values: string[]) => {
          const row = personRecordOfRow(values, read);
          return row && ('error' in row ? row : parseLine(JSON.stringify(row.record)));
        },
        { takeBuffers: parseLine.takeBuffers },
      );
    },
    { maxRowChars: CSV_LIMITS.rowChars },
  );
  const summary = await importParsed(writer, rows, options);
  return { ...summary, columns: columns?.recognised ?? {}, ignoredColumns: columns?.ignored ?? [] };
}
