import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import type { CountryCode } from 'libphonenumber-js';
import { generateCompanies } from '../../synthetic/companies/generate.ts';
import { importCompanies, sqlCompanyWriter } from '../../adapters/companies/import.ts';
import { pgCopyCompanyWriter } from '../../adapters/companies/pg-copy-writer.ts';
import { writeNdjson } from '../../adapters/ndjson/write.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRIES } from '../../synthetic/persons/generated-countries.ts';
import { importPersons, sqlPersonWriter } from '../../adapters/persons/import.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { importPersonsCsv } from '../../adapters/persons/import-csv.ts';
import { CsvColumnsError, parseColumnMap, type ColumnMap } from '../../domain/persons/csv-columns.ts';
import { CliError } from '../admin-client.ts';
import { nonNegativeInteger, positiveInteger, sourceName } from '../options.ts';
import { DEFAULT_SOURCE } from '../../schemas/data/source-name.ts';
import { resolveWithProgress } from './persons.ts';
import type { Output } from '../output.ts';
import { generateTo, importFile } from './data-files.ts';
import { trainAfterImport } from './matching.ts';
import { countryList, generatePersonsCommand, type GeneratePersonsOptions } from './generate-persons.ts';

type GenerateOptions = { count: number; seed: number; out?: string };
type PersonImportOptions = {
  format?: 'ndjson' | 'csv';
  map: string[];
  defaultCountry: string;
  batchSize: number;
  parseThreads: number;
  source: string;
  resolve: boolean;
};

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--map`, parsed; refused naming the one that is wrong. */
function columnMapOption(specs: string[]): ColumnMap {
  try {
    return parseColumnMap(specs);
  } catch (error) {
    return refusedColumns(error);
  }
}

/** A header or --map the CSV import cannot go on with, said as the CLI says what it refuses. */
function refusedColumns(error: unknown): never {
  throw error instanceof CsvColumnsError ? new CliError(error.message) : error;
}

/** `kith generate|import persons|companies`: they work on the database directly, not over the admin API. */
export function registerDataCommands(program: Command, output: () => Output): void {
  const generate = program.command('generate').description('Write synthetic data as NDJSON (docs/person-records.md, docs/company-records.md)');
  const generateCommand = (noun: string, description: string) =>
    generate
      .command(noun)
      .description(`${description}; the same seed gives the same bytes`)
      .requiredOption('--count <n>', `how many ${noun}`, positiveInteger)
      .option('--seed <n>', 'seed of the generator', positiveInteger, 1)
      .option('--out <file>', 'write to this file instead of stdout');
  generateCommand('persons', 'Realistic synthetic persons')
    .addOption(
      new Option('--countries <codes>', `where they live: comma-separated, of ${COUNTRY_CODES.join(', ')}, or all`)
        .argParser(countryList)
        .default([...DEFAULT_COUNTRIES], DEFAULT_COUNTRIES.join(',')),
    )
    .option('--duplicates <n>', 'also write n match queries with known truth: imperfect copies of persons, one in ten of persons not in the file', positiveInteger)
    .option('--queries-out <file>', 'the file the match queries go to (NDJSON)')
    .option('--query-seed <n>', 'seed of the match queries (default: derived from --seed)', positiveInteger)
    .action((options: GeneratePersonsOptions) => generatePersonsCommand(options));
  generateCommand('companies', 'Realistic synthetic companies').action((options: GenerateOptions) =>
    generateTo(options.out, (out) => writeNdjson(out, generateCompanies(options))),
  );

  const load = program
    .command('import')
    .description('Load data files straight into the database (DATABASE_URL, else the embedded one in KITH_DATA_DIR)');
  const importCommand = (noun: string, description: string, file = 'NDJSON file, one record a line') =>
    load
      .command(noun)
      .description(description)
      .argument('<file>', file)
      .option('--batch-size <n>', 'lines per transaction', positiveInteger, 5000)
      // Parsing is most of an import's own CPU time; the main thread mostly waits on the database.
      .option('--parse-threads <n>', 'worker threads parsing lines (0: parse on the main thread)', nonNegativeInteger, availableParallelism());
  importCommand(
    'persons',
    'Import an NDJSON or CSV file of person records and resolve them into persons; an id imported again replaces that record',
    'NDJSON file, one record a line, or CSV file with a header row',
  )
    .addOption(new Option('--format <format>', 'ndjson, or csv with a header row (default: csv for a file named .csv)').choices(['ndjson', 'csv']))
    .option('--map <column=field>', 'CSV: read this column as this field, or ignore it (column=); repeat for more (docs/person-records.md, "CSV")', collect, [])
    .option('--default-country <code>', 'country of phone numbers written without a country code', 'US')
    .option('--source <name>', 'the source the records come from: their ids are ids within it (docs/person-records.md)', sourceName, DEFAULT_SOURCE)
    .option('--no-resolve', 'leave the records queued for resolution (a running Kith, or `kith resolve persons`, resolves them)')
    .action((file: string, options: PersonImportOptions) => {
      const csv = (options.format ?? (extname(file).toLowerCase() === '.csv' ? 'csv' : 'ndjson')) === 'csv';
      if (!csv && options.map.length > 0) throw new CliError('--map reads the columns of a CSV file: name a .csv file, or give --format csv');
      const map = csv ? columnMapOption(options.map) : undefined;
      return importFile(
        {
          noun: 'persons',
          sqlWriter: (db) => sqlPersonWriter(db, { source: options.source }),
          copyWriter: (databaseUrl, writerOptions) => pgCopyPersonWriter(databaseUrl, { ...writerOptions, source: options.source }),
          run: (writer, input, importOptions) => {
            const personOptions = { ...importOptions, defaultCountry: options.defaultCountry.toUpperCase() as CountryCode };
            return csv ? importPersonsCsv(writer, input, { ...personOptions, map }).catch(refusedColumns) : importPersons(writer, input, personOptions);
          },
          after: async (db, settings) => {
            const training = await trainAfterImport(db, settings);
            if (!options.resolve) return { training };
            const started = performance.now();
            const counts = await resolveWithProgress(db);
            return { training, resolution: { ...counts, seconds: (performance.now() - started) / 1000 } };
          },
        },
        file,
        options,
        output(),
      );
    });
  importCommand('companies', 'Import an NDJSON file of company records; a domain imported again replaces that company').action(
    (file: string, options: { batchSize: number; parseThreads: number }) =>
      importFile(
        { noun: 'companies', sqlWriter: sqlCompanyWriter, copyWriter: pgCopyCompanyWriter, run: importCompanies },
        file,
        options,
        output(),
      ),
  );
}
