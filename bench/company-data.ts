import { generateCompanies } from '../synthetic/companies/generate.ts';
import { prepareDataDatabase, type BenchDataset } from './data-database.ts';

/** Generated companies of the company scenarios: made and imported once, then reused by every run. */
export const BENCH_COMPANIES: BenchDataset = { kind: 'companies', count: 200_000, seed: 7, database: 'kith_bench_companies' };

/** The first `count` generated companies: the ones the load looks up (their domains) and searches for (their names). */
export const benchCompanies = (count: number) => [...generateCompanies({ count, seed: BENCH_COMPANIES.seed })];

/** The database of the generated companies (see prepareDataDatabase); its DATABASE_URL. */
export const prepareCompanyDatabase = (serverUrl: string, progress: (line: string) => void) => prepareDataDatabase(BENCH_COMPANIES, serverUrl, progress);
