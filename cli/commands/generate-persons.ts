import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { SingleBar } from 'cli-progress';
import { writeNdjson } from '../../adapters/ndjson/write.ts';
import { generatePersons, writePersons, type GenerateOptions } from '../../synthetic/persons/generate.ts';
import { COUNTRY_CODES, type GeneratedCountryCode } from '../../synthetic/persons/generated-countries.ts';
import { generateMatchQueries } from '../../synthetic/persons/match-queries/generate-queries.ts';
import { CliError } from '../admin-client.ts';
import { generateTo } from './data-files.ts';

export type GeneratePersonsOptions = {
  count: number;
  seed: number;
  out?: string;
  countries: readonly GeneratedCountryCode[];
  duplicates?: number;
  queriesOut?: string;
  querySeed?: number;
};

/** `--countries US,GB` or `all`: the codes, refused with the unknown one named. */
export function countryList(value: string): GeneratedCountryCode[] {
  if (value.trim().toLowerCase() === 'all') return [...COUNTRY_CODES];
  const codes = value.split(',').map((code) => code.trim().toUpperCase());
  const unknown = codes.find((code) => !(COUNTRY_CODES as readonly string[]).includes(code));
  if (unknown !== undefined) throw new CliError(`not a country the generator has: ${unknown} (it has ${COUNTRY_CODES.join(', ')}, or all)`);
  return codes as GeneratedCountryCode[];
}

/**
 * The query seed unless given: away from the persons' seed, whose faker the query generator would otherwise
 * repeat draw for draw.
 */
const QUERY_SEED_OFFSET = 1_000_003;

/**
 * `kith generate persons`: the records to `--out` (or stdout), and with `--duplicates N` N match queries with
 * known truth to `--queries-out` (docs/person-records.md, "Match queries"), with a progress bar on stderr.
 */
export async function generatePersonsCommand(options: GeneratePersonsOptions): Promise<void> {
  if ((options.duplicates === undefined) !== (options.queriesOut === undefined)) {
    throw new CliError('--duplicates and --queries-out go together: how many queries, and the file to write them to');
  }
  const persons: GenerateOptions = { count: options.count, seed: options.seed, countries: options.countries };
  if (options.duplicates === undefined || options.queriesOut === undefined) {
    return generateTo(options.out, (out) => writePersons(out, persons));
  }

  const bar = new SingleBar({ format: '{phase} {bar} {percentage}% | {value}/{total}', stream: process.stderr, hideCursor: true });
  try {
    bar.start(options.count, 0, { phase: 'persons' });
    await generateTo(options.out, (out) => writeNdjson(out, counted(generatePersons(persons), (n) => bar.update(n))));
    const queries = generateMatchQueries({
      persons,
      count: options.duplicates,
      seed: options.querySeed ?? options.seed + QUERY_SEED_OFFSET,
      onProgress: (read, total) => {
        bar.setTotal(total);
        bar.update(read, { phase: 'queries (reading the persons again)' });
      },
    });
    const file = createWriteStream(options.queriesOut);
    await writeNdjson(file, queries);
    file.end();
    await finished(file);
  } finally {
    bar.stop();
  }
}

/** The same items, calling `tick` every 1,000. */
function* counted<T>(items: Iterable<T>, tick: (n: number) => void): Generator<T> {
  let n = 0;
  for (const item of items) {
    yield item;
    n += 1;
    if (n % 1000 === 0) tick(n);
  }
}
