import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies } from '../../adapters/companies/generate.ts';
import { importCompanies, sqlCompanyWriter, type CompanyWriter } from '../../adapters/companies/import.ts';
import { searchCompanies, type CompanySort } from '../../adapters/companies/lookup.ts';
import { pgCopyCompanyWriter } from '../../adapters/companies/pg-copy-writer.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';

type Query = { kind: string; companyName: string; locality?: string; region?: string; country?: string; sort: CompanySort; expected: string; intended: string };
const fixture = JSON.parse(readFileSync(new URL('../fixtures/company-search-queries.json', import.meta.url), 'utf8')) as {
  dataset: { seed: number; count: number };
  queries: Query[];
};
const records = [...generateCompanies(fixture.dataset)];
const REQUIRED_SHARE = 0.9;

/** Search answers the intended company first for at least 90% of the checked-in queries (the figure is printed). */
describe.each(dataImplementations({ copy: pgCopyCompanyWriter, sql: sqlCompanyWriter }))('company search relevance ($name)', (implementation) => {
  let subject: DataSubject<CompanyWriter>;
  beforeAll(async () => {
    subject = await implementation.open();
    await importCompanies(subject.writer, Readable.from(records.map((record) => `${JSON.stringify(record)}\n`)));
  });
  afterAll(async () => {
    await subject?.done();
  });

  it('has the dataset the queries were written for', () => {
    const names = new Map(records.map((record) => [record.domain, record.name]));
    expect(fixture.queries.length).toBeGreaterThanOrEqual(50);
    for (const query of fixture.queries) expect(names.get(query.expected), query.expected).toBe(query.intended);
  });

  it(`puts the intended company first for at least ${REQUIRED_SHARE * 100}% of the queries`, async () => {
    const misses: string[] = [];
    for (const { companyName, locality, region, country, sort, expected, kind } of fixture.queries) {
      const [top] = await searchCompanies(subject.db, { name: companyName, locality, region, country, sort, limit: 1 });
      if (top?.lookupDomain !== expected) misses.push(`${kind}: ${JSON.stringify(companyName)} gave ${top?.lookupDomain ?? 'nothing'}, not ${expected}`);
    }
    const correct = fixture.queries.length - misses.length;
    console.log(
      `company search relevance (${implementation.name}): ${correct}/${fixture.queries.length} ` +
        `(${((100 * correct) / fixture.queries.length).toFixed(1)}%) top answers as intended${misses.map((miss) => `\n  ${miss}`).join('')}`,
    );
    expect(correct / fixture.queries.length).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  });
});
