import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { parseLines, type LineParser, type ParsedChunk } from './parse-lines.ts';

export type ImportOptions = {
  /** Lines per transaction. */
  batchSize?: number;
  /** Called after each batch is written: lines done, and bytes of the input read (for a progress bar). */
  onProgress?: (progress: { lines: number; bytes: number }) => void;
  /** How many rejected lines the summary lists (all are counted). */
  maxRejectedListed?: number;
  /** Worker threads to parse on, for parsers that can run there (./parse-lines.ts); 0 (the default) parses here. */
  parseThreads?: number;
  /** About how many bytes of input are parsed at a time (./parse-lines.ts). */
  chunkBytes?: number;
};

export type RejectedLine = { line: number; error: string };

export type ImportSummary = {
  lines: number;
  /** Records new to the database. */
  imported: number;
  /** Records whose key was there already: replaced. */
  updated: number;
  rejectedCount: number;
  rejected: RejectedLine[];
};

/**
 * Writes one batch of rows (unique keys) in one transaction; returns how many were new. `finish`, when given,
 * completes what the batches left to do (an index to build) once the last batch is written.
 */
export type BatchWriter<Row> = { write(rows: Row[]): Promise<number>; finish?(): Promise<void>; close(): Promise<void> };

/** What checks a line's JSON: a zod schema, or a faster check in front of one. */
export type RecordSchema<T> = { safeParse(json: unknown): z.ZodSafeParseResult<T> };

/** A line's JSON checked against a record schema; the first issue names the field, as the summary shows it. */
export function parseRecordLine<T>(text: string, schema: RecordSchema<T>): { record: T } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `invalid JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { record: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: issue ? `${issue.path.join('.') || '(record)'}: ${issue.message}` : 'invalid record' };
}

/**
 * Imports an NDJSON stream in constant memory, batch by batch. Bad lines are reported with their line numbers
 * and skipped; the rest imports. While one batch is written the next is parsed.
 */
export function importNdjson<Row>(
  writer: BatchWriter<Row>,
  input: Readable,
  parser: LineParser<Row> | LineParser<Row>['parse'],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const lineParser = typeof parser === 'function' ? { parse: parser } : parser;
  return importParsed(writer, parseLines(input, lineParser, options.parseThreads ?? 0, options.chunkBytes), options);
}

/**
 * Imports what the lines of an input became, run of lines by run (NDJSON's, or a CSV file's: ../csv/parse-rows.ts),
 * batch by batch; a line's number is its place in the runs. Bad lines are reported with their line numbers and
 * skipped; the rest imports. While one batch is written the next is parsed.
 */
export async function importParsed<Row>(
  writer: BatchWriter<Row>,
  chunks: AsyncIterable<ParsedChunk<Row>>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 5000;
  const maxListed = options.maxRejectedListed ?? 1000;
  const summary: ImportSummary = { lines: 0, imported: 0, updated: 0, rejectedCount: 0, rejected: [] };

  let bytes = 0;
  let batch = new Map<string, Row>();
  let writing: Promise<void> | undefined;
  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    const progress = { lines: summary.lines, bytes };
    batch = new Map();
    await writing;
    writing = writer.write(rows).then((inserted) => {
      summary.imported += inserted;
      summary.updated += rows.length - inserted;
      options.onProgress?.(progress);
    });
    writing.catch(() => {}); // awaited by the next flush or at the end
  };

  for await (const chunk of chunks) {
    const chunkStart = bytes;
    for (let i = 0; i < chunk.lines.length; i++) {
      const parsed = chunk.lines[i];
      summary.lines += 1;
      if (parsed === null || parsed === undefined) continue;
      if ('error' in parsed) {
        summary.rejectedCount += 1;
        if (summary.rejected.length < maxListed) summary.rejected.push({ line: summary.lines, error: parsed.error });
        continue;
      }
      // The same key twice in one batch: the later line wins, as it would in separate batches.
      if (batch.delete(parsed.key)) summary.updated += 1;
      batch.set(parsed.key, parsed.row);
      if (batch.size >= batchSize) {
        // The bytes read so far, for the progress bar: the chunk's share up to this line.
        bytes = chunkStart + Math.round((chunk.bytes * (i + 1)) / chunk.lines.length);
        await flush();
      }
    }
    bytes = chunkStart + chunk.bytes;
  }
  await flush();
  await writing;
  await writer.finish?.();
  options.onProgress?.({ lines: summary.lines, bytes });
  return summary;
}
