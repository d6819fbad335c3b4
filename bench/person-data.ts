import { generatePersons } from '../adapters/persons/generate.ts';
import { prepareDataDatabase, type BenchDataset } from './data-database.ts';

/** Generated persons of the person.enrich scenarios: made and imported once, then reused by every run. */
export const BENCH_PERSONS: BenchDataset = { kind: 'persons', count: 1_000_000, seed: 11, database: 'kith_bench_persons' };

/** The personal emails of the first `count` generated persons: those the load looks up. */
export const benchPersonEmails = (count: number): string[] =>
  [...generatePersons({ count, seed: BENCH_PERSONS.seed })].map((person) => person.details.emails[0]!.value.trim());

/** The database of the generated persons (see prepareDataDatabase); its DATABASE_URL. */
export const preparePersonDatabase = (serverUrl: string, progress: (line: string) => void) => prepareDataDatabase(BENCH_PERSONS, serverUrl, progress);
