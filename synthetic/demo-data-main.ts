import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { writeNdjson } from '../adapters/ndjson/write.ts';
import { generateCompanies } from './companies/generate.ts';
import { generatePersons } from './persons/generate.ts';
import { DEMO_DATA, type DemoExamples } from './demo-data.ts';

/**
 * Writes the demo's generated persons and companies as NDJSON into the directory given (persons.ndjson,
 * companies.ndjson) and prints the first of each on stdout as DemoExamples; run by generateDemoData.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: demo-data-main <directory>');

async function writeFile<T>(name: string, records: Iterable<T>): Promise<{ count: number; first: T }> {
  let first: T | undefined;
  const noted = function* () {
    for (const record of records) {
      first ??= record;
      yield record;
    }
  };
  const out = createWriteStream(join(dir!, name));
  const count = await writeNdjson(out, noted());
  await finished(out.end());
  if (first === undefined) throw new Error(`no records generated for ${name}`);
  return { count, first };
}

const persons = await writeFile('persons.ndjson', generatePersons(DEMO_DATA.persons));
const companies = await writeFile('companies.ndjson', generateCompanies(DEMO_DATA.companies));
const examples: DemoExamples = {
  persons: persons.count,
  personEmail: persons.first.details.emails[0]!.value.trim(),
  companies: companies.count,
  companyDomain: companies.first.domain,
  companyName: companies.first.name,
};
process.stdout.write(`${JSON.stringify(examples)}\n`);
