import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { SingleBar } from 'cli-progress';
import { loadServerConfig } from '../../adapters/config.ts';
import { DataDirInUse } from '../../adapters/data-dir.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { openDatabase } from '../../adapters/db/open.ts';
import type { MatchTraining } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import type { BatchWriter, ImportOptions, ImportSummary } from '../../adapters/ndjson/import.ts';
import { CliError } from '../admin-client.ts';
import { print, type Output } from '../output.ts';

/** Writes generated NDJSON to `--out` or stdout. */
export async function generateTo(file: string | undefined, write: (out: Writable) => Promise<unknown>): Promise<void> {
  const out = file ? createWriteStream(file) : process.stdout;
  // `kith generate ... | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  await write(out);
  if (file) {
    out.end();
    await finished(out);
  }
}

/**
 * PGlite is one process's database: while `kith serve` (or another import) holds the embedded data directory's
 * lock, a second process writing there would lose its writes or theirs. The lock goes with its process, even
 * one killed, so there is nothing stale to delete.
 */
function refusedInUse(error: unknown): never {
  if (!(error instanceof DataDirInUse)) throw error;
  throw new CliError(
    `the embedded database in KITH_DATA_DIR (${error.dir}) is in use by another Kith process` +
      `${error.holderPid ? ` (pid ${error.holderPid})` : ''}: is \`kith serve\` running? Stop the server and run this ` +
      `again, or work on PostgreSQL with DATABASE_URL.`,
  );
}

/** A CSV import's summary tells how it read the header (adapters/persons/import-csv.ts). */
type ColumnsRead = { columns?: Record<string, string>; ignoredColumns?: string[] };

function describe(noun: string, summary: ImportSummary & ColumnsRead): string {
  const lines = [
    `Imported ${summary.imported} new and ${summary.updated} updated ${noun} from ${summary.lines} lines; ${summary.rejectedCount} rejected.`,
  ];
  if (summary.columns) {
    lines.push(`  columns read: ${Object.entries(summary.columns).map(([column, field]) => `${column} as ${field}`).join(', ') || 'none'}`);
    if (summary.ignoredColumns?.length) lines.push(`  columns ignored: ${summary.ignoredColumns.join(', ')}`);
  }
  for (const { line, error } of summary.rejected.slice(0, 20)) lines.push(`  line ${line}: ${error}`);
  if (summary.rejectedCount > 20) lines.push(`  ... and ${summary.rejectedCount - 20} more`);
  return lines.join('\n');
}

/**
 * The database the data commands work on, migrated: PostgreSQL when DATABASE_URL is set, else the embedded one,
 * refused while a server has it open.
 */
export async function openDataDatabase(): Promise<{ db: SqlClient; databaseUrl: string | undefined; matchTraining: MatchTraining }> {
  const config = loadServerConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }).catch(refusedInUse);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { db, databaseUrl: config.databaseUrl, matchTraining: config.matchTraining };
}

/** What `kith import <noun>` needs of a kind of record. */
export type ImportKind<Row> = {
  noun: string;
  /** The set-based writer over any database. */
  sqlWriter(db: SqlClient): BatchWriter<Row>;
  /** The COPY writer, on PostgreSQL; `importBytes` is the size of the file to import. */
  copyWriter(databaseUrl: string, options: { importBytes: number }): Promise<BatchWriter<Row>>;
  run(writer: BatchWriter<Row>, input: Readable, options: ImportOptions): Promise<ImportSummary>;
  /**
   * What follows a successful import, on the same database (persons: training the match model, resolving), and
   * its figures for the summary that `--json` prints.
   */
  after?(db: SqlClient, settings: { matchTraining: MatchTraining }): Promise<Record<string, unknown>>;
};

/**
 * Imports an NDJSON file straight into the database (DATABASE_URL, else the embedded one, refused while a
 * server has it open), with a progress bar on stderr and a summary on stdout once what follows the import is
 * done too (`seconds` is the import's own time); exits non-zero when any line was rejected.
 */
export async function importFile<Row>(
  kind: ImportKind<Row>,
  file: string,
  { batchSize, parseThreads }: { batchSize: number; parseThreads: number },
  output: Output,
): Promise<void> {
  const size = (await stat(file).catch(() => undefined))?.size;
  if (size === undefined) throw new CliError(`no such file: ${file}`);
  const { db, databaseUrl, matchTraining } = await openDataDatabase();
  const bar = new SingleBar({
    format: `${kind.noun} {bar} {percentage}% | {lines} lines | {rate} lines/s`,
    stream: process.stderr,
    hideCursor: true,
  });
  let writer = kind.sqlWriter(db);
  try {
    if (databaseUrl) writer = await kind.copyWriter(databaseUrl, { importBytes: size });
    const started = performance.now();
    bar.start(size, 0, { lines: 0, rate: 0 });
    const summary = await kind.run(writer, createReadStream(file), {
      batchSize,
      parseThreads,
      onProgress: ({ lines, bytes }) => {
        const seconds = (performance.now() - started) / 1000;
        bar.update(Math.min(bytes, size), { lines, rate: Math.round(lines / Math.max(seconds, 0.001)) });
      },
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    if (summary.rejectedCount > 0) process.exitCode = 1;
    const after = await kind.after?.(db, { matchTraining });
    print(output, { ...summary, seconds, ...after }, () => `${describe(kind.noun, summary)} (${seconds.toFixed(1)} s)`);
  } finally {
    bar.stop();
    await writer.close();
    await db.close();
  }
}
