import type { PersonRecord } from '../schemas/data/person-record.ts';
import { generatePersons } from '../synthetic/persons/generate.ts';
import { prepareDataDatabase, type BenchDataset } from './data-database.ts';
import type { ScenarioContext } from './scenario-context.ts';

/**
 * Generated persons of the person.enrich scenarios: made and imported once, then reused by every run. The
 * database's suffix goes up whenever the generator's output or the keys the import writes change, so that an
 * older dataset is not reused (3: blocking keys; 4: resolved into persons by the import, where a database of 3
 * would be resolved by the identity worker in the background of the measurements; 5: the keys of
 * MATCH_KEYS_VERSION 3, which the identity workers would otherwise write anew during the measurements).
 */
export const BENCH_PERSONS: BenchDataset = { kind: 'persons', count: 1_000_000, seed: 11, database: 'kith_bench_persons_5' };

/**
 * The first `count` persons of a generated dataset of `datasetSize` persons, as the dataset holds them: the generator
 * keeps emails and handles unique with filters sized by the count it is asked for, so a shorter run gives some
 * persons other emails (904 of the first 100,000 of the million, which the load then asked in vain).
 */
function firstPersons(count: number, datasetSize: number): PersonRecord[] {
  const persons: PersonRecord[] = [];
  for (const person of generatePersons({ count: datasetSize, seed: BENCH_PERSONS.seed })) {
    persons.push(person);
    if (persons.length === count) break;
  }
  return persons;
}

/** The personal emails of the first `count` persons of a dataset of `datasetSize`: those the load looks up. */
export const benchPersonEmails = (count: number, datasetSize: number): string[] =>
  firstPersons(count, datasetSize).map((person) => person.details.emails[0]!.value.trim());

/** The names and home addresses of the first `count` persons of a dataset of `datasetSize`, as a caller would send them. */
export const benchPersonNamesAndAddresses = (count: number, datasetSize: number) =>
  firstPersons(count, datasetSize).map((person) => {
    const { addressLine1, city, region, postalCode } = person.details.locations[0]!;
    return { name: { full: person.fullName }, location: { addressLine1, city, region, postalCode } };
  });

/** The database of the generated persons (see prepareDataDatabase); its DATABASE_URL. */
export const preparePersonDatabase = (serverUrl: string, progress: (line: string) => void) => prepareDataDatabase(BENCH_PERSONS, serverUrl, progress);

/** Persons the embedded scenario loads into its fresh PGlite through the admin API: enough to make lookups real. */
export const EMBEDDED_PERSONS = 10_000;

/** Loads the first EMBEDDED_PERSONS generated persons (the same seed, so the lookup's email is among them). */
export async function loadEmbeddedPersons(context: ScenarioContext): Promise<void> {
  const lines = firstPersons(EMBEDDED_PERSONS, EMBEDDED_PERSONS).map((person) => JSON.stringify(person));
  const response = await fetch(`${context.urls[0]}/admin/persons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${context.adminToken}`, 'Content-Type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  if (response.status !== 200) throw new Error(`/admin/persons answered ${response.status}: ${await response.text()}`);
  context.progress(`${EMBEDDED_PERSONS.toLocaleString('en-US')} generated persons loaded into the embedded database`);
}
