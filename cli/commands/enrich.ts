import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { loadCliConfig } from '../../adapters/config.ts';
import { MAX_BATCH_REQUESTS } from '../../schemas/v3/batch.ts';
import { CliError } from '../admin-client.ts';
import { enrichFile, type EnrichSummary } from '../enrich-file.ts';
import { positiveInteger } from '../options.ts';
import type { Output } from '../output.ts';

type EnrichOptions = { file: string; out?: string; batchSize: number; inFlight: number };

const describe = (summary: EnrichSummary, seconds: number) =>
  `Enriched ${summary.lines} requests in ${seconds.toFixed(1)} s: ` +
  Object.entries(summary.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

async function run(operation: string, options: EnrichOptions, output: Output) {
  const config = loadCliConfig();
  if (!config.apiKey) throw new CliError('No API key: set KITH_API_KEY to a key of the account the requests are for');
  if (options.batchSize > MAX_BATCH_REQUESTS) throw new CliError(`--batch-size: at most ${MAX_BATCH_REQUESTS}`);
  const size = (await stat(options.file).catch(() => undefined))?.size;
  if (size === undefined) throw new CliError(`no such file: ${options.file}`);
  const out = options.out ? createWriteStream(options.out) : process.stdout;
  // Where stderr is no terminal (a log file, a CI job) the bar is a line every 10 s and a last one at the end.
  const bar = new SingleBar({
    format: `${operation} {bar} {percentage}% | {lines} requests | {rate} requests/s`,
    stream: process.stderr,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  });
  const started = performance.now();
  bar.start(size, 0, { lines: 0, rate: 0 });
  try {
    const summary = await enrichFile(createReadStream(options.file), out, {
      url: config.url,
      apiKey: config.apiKey,
      operation,
      batchSize: options.batchSize,
      inFlight: options.inFlight,
      onProgress: ({ lines, bytes }) => {
        const seconds = (performance.now() - started) / 1000;
        bar.update(Math.min(bytes, size), { lines, rate: Math.round(lines / Math.max(seconds, 0.001)) });
      },
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    // The results may be on stdout: the summary goes to stderr then.
    const text = output.json ? JSON.stringify({ ...summary, seconds }) : describe(summary, seconds);
    (options.out ? process.stdout : process.stderr).write(`${text}\n`);
  } finally {
    bar.stop();
    if (options.out) {
      out.end();
      await finished(out);
    }
  }
}

/** `kith enrich persons|companies --file requests.ndjson`: a file of single requests, sent as batches over the v3 API. */
export function registerEnrichCommands(program: Command, output: () => Output): void {
  const enrich = program
    .command('enrich')
    .description('Send an NDJSON file of person.enrich or company.enrich requests as batches (KITH_URL, KITH_API_KEY)');
  const command = (noun: string, operation: string, single: string) =>
    enrich
      .command(noun)
      .description(`One ${single} body a line (with optional "metadata"); writes one result a line, {line, status, metadata, data}, in the file's order`)
      .requiredOption('--file <file>', 'NDJSON requests')
      .option('--out <file>', 'write the results to this file instead of stdout')
      .option('--batch-size <n>', `requests per ${operation} call (at most ${MAX_BATCH_REQUESTS})`, positiveInteger, MAX_BATCH_REQUESTS)
      .option('--in-flight <n>', 'batches sent at once', positiveInteger, 4)
      .action((options: EnrichOptions) => run(operation, options, output()));
  command('persons', 'person.bulkEnrich', 'person.enrich');
  command('companies', 'company.bulkEnrich', 'company.enrich');
}
