import { CsvError, parse } from 'csv-parse';
import type { ParsedChunk, ParsedLine } from '../ndjson/parse-lines.ts';

/**
 * What a row's values become: a row to import, why not, or null for a row to skip as a blank line. A parser whose
 * rows hold bytes in blocks of its own (../persons/person-row.ts) lets go of them with `takeBuffers` after each run.
 */
export type CsvRowParse<Row> = ((values: string[]) => ParsedLine<Row> | null) & { takeBuffers?(): unknown };

/** Lines a run holds (about): as an NDJSON run of 1 MB holds a few hundred persons. */
const RUN_LINES = 500;

const LINE_BREAK = /\r\n|\r|\n/g;
/** Line breaks inside a row's (quoted) values: the lines it takes beyond its first. */
const breaksIn = (values: string[]) => values.reduce((breaks, value) => breaks + (/[\r\n]/.test(value) ? value.match(LINE_BREAK)!.length : 0), 0);

/** A CSV error that leaves the rest of the input unreadable, in an operator's words. */
function unreadable(error: CsvError, maxRowChars: number): string {
  const rest = 'the rest of the file was not read';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted value begun on this row is never closed; ${rest}`;
    case 'CSV_MAX_RECORD_SIZE':
      return `a row longer than ${maxRowChars.toLocaleString('en-US')} characters (is a quote left open?); ${rest}`;
    default:
      return `${error.message}; ${rest}`;
  }
}

/**
 * A CSV input (UTF-8 with a byte-order mark or without, LF or CRLF line ends, RFC 4180 quoting: commas, quotes and
 * line breaks inside quoted values) as the runs of lines an import takes (../ndjson/import.ts `importParsed`): its
 * first row, the header, goes to `header`, which answers how the rows that follow become rows (or throws, and
 * nothing is imported); each row is then at the line it begins on, and the lines a quoted line break carries it on
 * to, the header's and blank ones are null, so that a rejected row is reported with the line it begins on. Parsed
 * here, by csv-parse, in constant memory. A row csv-parse cannot read (a quote never closed, a row over
 * `maxRowChars`) leaves where the next begins unknown: it is the last line, reported with why.
 */
export async function* parseCsvRows<Row>(
  input: AsyncIterable<Buffer | string>,
  header: (names: string[]) => CsvRowParse<Row>,
  { maxRowChars }: { maxRowChars: number },
): AsyncGenerator<ParsedChunk<Row>> {
  // Rows are taken as csv-parse finishes each (on_record), so that the rows before one it cannot read are kept: a
  // stream's rows not yet read when it fails are dropped with it. A quote that breaks the rules (in an unquoted
  // value, 5'10"; text after a closing quote, "O"Brien") is taken as written, up to the next comma, rather than
  // stopping the import; a count of values unlike the header's is the row parser's to refuse, with the line.
  const read: Array<{ values: string[]; bytes: number }> = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: maxRowChars,
    on_record: (values: string[], { bytes }) => void read.push({ values, bytes }),
  });
  parser.on('error', () => {}); // each failure is the answer to the write or end that met it
  const parsed = (data?: Buffer | string) =>
    new Promise<unknown>((resolve) => {
      if (data !== undefined) parser.write(data, resolve);
      else parser.once('error', resolve).end(() => resolve(undefined));
    });

  let rowParse: CsvRowParse<Row> | undefined;
  let lines: Array<ParsedLine<Row> | null> = [];
  let bytes = 0;
  let taken = 0;
  const take = () => {
    for (const { values, bytes: end } of read.splice(0)) {
      lines.push(rowParse ? rowParse(values) : null);
      rowParse ??= header(values);
      for (let breaks = breaksIn(values); breaks > 0; breaks--) lines.push(null);
      bytes = end;
    }
  };
  const run = () => {
    rowParse?.takeBuffers?.();
    const chunk = { lines, bytes: bytes - taken };
    [lines, taken] = [[], bytes];
    return chunk;
  };

  let failed: unknown;
  for await (const data of input) {
    failed = await parsed(data);
    take();
    if (failed) break;
    if (lines.length >= RUN_LINES) yield run();
  }
  if (!failed) {
    failed = await parsed();
    take();
  }
  if (failed) {
    if (!(failed instanceof CsvError)) throw failed;
    lines.push({ error: unreadable(failed, maxRowChars) });
  }
  if (lines.length > 0) yield run();
}
