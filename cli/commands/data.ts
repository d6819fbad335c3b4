import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { CountryCode } from 'libphonenumber-js';
import { loadServerConfig } from '../../adapters/config.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { openDatabase } from '../../adapters/db/open.ts';
import { writePersons } from '../../adapters/persons/generate.ts';
import { importPersons, sqlPersonWriter, type ImportSummary } from '../../adapters/persons/import.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { CliError } from '../admin-client.ts';
import { print, type Output } from '../output.ts';

const positiveInteger = (value: string) => {
  if (!/^\d+$/.test(value)) throw new CliError(`not a whole number: ${value}`);
  return Number(value);
};

/**
 * PGlite is one process's database: while `kith serve` has the embedded data directory open, its
 * postmaster.pid exists, and a second process writing there would corrupt it.
 */
function refuseEmbeddedInUse(dataDir: string): void {
  const pidFile = join(dataDir, 'pgdata', 'postmaster.pid');
  if (existsSync(pidFile)) {
    throw new CliError(
      `the embedded database in ${join(dataDir, 'pgdata')} is in use (is \`kith serve\` running?). Stop the server and ` +
        `run the import again, or import into PostgreSQL with DATABASE_URL. If no Kith process is running, a crash left ` +
        `${pidFile} behind: delete it.`,
    );
  }
}

function describe(summary: ImportSummary): string {
  const lines = [
    `Imported ${summary.imported} new and ${summary.updated} updated persons from ${summary.lines} lines; ${summary.rejectedCount} rejected.`,
  ];
  for (const { line, error } of summary.rejected.slice(0, 20)) lines.push(`  line ${line}: ${error}`);
  if (summary.rejectedCount > 20) lines.push(`  ... and ${summary.rejectedCount - 20} more`);
  return lines.join('\n');
}

/** `kith generate persons` and `kith import persons`: they work on the database directly, not over the admin API. */
export function registerDataCommands(program: Command, output: () => Output): void {
  program
    .command('generate')
    .description('Write synthetic data as NDJSON (docs/person-records.md)')
    .command('persons')
    .description('Realistic synthetic persons; the same seed gives the same bytes')
    .requiredOption('--count <n>', 'how many persons', positiveInteger)
    .option('--seed <n>', 'seed of the generator', positiveInteger, 1)
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { count: number; seed: number; out?: string }) => {
      const out = options.out ? createWriteStream(options.out) : process.stdout;
      // `kith generate persons ... | head` closes the pipe early: that is the reader's choice, not an error.
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(0);
        throw error;
      });
      await writePersons(out, { count: options.count, seed: options.seed });
      if (options.out) {
        out.end();
        await finished(out);
      }
    });

  program
    .command('import')
    .description('Load data files straight into the database (DATABASE_URL, else the embedded one in KITH_DATA_DIR)')
    .command('persons')
    .description('Import an NDJSON file of person records; an id imported again replaces that person')
    .argument('<file>', 'NDJSON file, one person a line')
    .option('--default-country <code>', 'country of phone numbers written without a country code', 'US')
    .option('--batch-size <n>', 'lines per transaction', positiveInteger, 5000)
    .action(async (file: string, options: { defaultCountry: string; batchSize: number }) => {
      const size = (await stat(file).catch(() => undefined))?.size;
      if (size === undefined) throw new CliError(`no such file: ${file}`);
      const config = loadServerConfig();
      if (!config.databaseUrl) refuseEmbeddedInUse(config.dataDir);
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
      const bar = new SingleBar({
        format: 'persons {bar} {percentage}% | {lines} lines | {rate} lines/s',
        stream: process.stderr,
        hideCursor: true,
      });
      let writer = sqlPersonWriter(db);
      try {
        await migrate(db);
        if (config.databaseUrl) writer = await pgCopyPersonWriter(config.databaseUrl);
        const started = performance.now();
        bar.start(size, 0, { lines: 0, rate: 0 });
        const summary = await importPersons(writer, createReadStream(file), {
          batchSize: options.batchSize,
          defaultCountry: options.defaultCountry.toUpperCase() as CountryCode,
          onProgress: ({ lines, bytes }) => {
            const seconds = (performance.now() - started) / 1000;
            bar.update(Math.min(bytes, size), { lines, rate: Math.round(lines / Math.max(seconds, 0.001)) });
          },
        });
        bar.stop();
        const seconds = (performance.now() - started) / 1000;
        print(output(), { ...summary, seconds }, () => `${describe(summary)} (${seconds.toFixed(1)} s)`);
        if (summary.rejectedCount > 0) process.exitCode = 1;
      } finally {
        bar.stop();
        await writer.close();
        await db.close();
      }
    });
}
