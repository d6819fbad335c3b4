import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies } from '../../synthetic/companies/generate.ts';
import { importCompanies, sqlCompanyWriter, type CompanyWriter } from '../../adapters/companies/import.ts';
import { searchCompanies, type CompanySort } from '../../adapters/companies/lookup.ts';
import { pgCopyCompanyWriter } from '../../adapters/companies/pg-copy-writer.ts';
import { loadCompanies } from '../support/companies.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';

type Query = { kind: string; companyName: string; locality?: string; region?: string; country?: string; sort: CompanySort; expected: string; intended: string };
const fixture = JSON.parse(readFileSync(new URL('../fixtures/company-search-queries.json', import.meta.url), 'utf8')) as {
  dataset: { seed: number; count: number };
  queries: Query[];
};
const records = [...generateCompanies(fixture.dataset)];
const REQUIRED_SHARE = 0.9;

/** The share of queries whose top answer is the intended company, printed with the misses; asserts the required share. */
function reportRelevance(label: string, misses: string[]): void {
  const correct = fixture.queries.length - misses.length;
  console.log(
    `company search relevance (${label}): ${correct}/${fixture.queries.length} ` +
      `(${((100 * correct) / fixture.queries.length).toFixed(1)}%) top answers as intended${misses.map((miss) => `\n  ${miss}`).join('')}`,
  );
  expect(correct / fixture.queries.length).toBeGreaterThanOrEqual(REQUIRED_SHARE);
}

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
    reportRelevance(implementation.name, misses);
  });
});

/** The same queries as a client sends them, to POST /v3/company.search of a Kith holding only the dataset. */
describe('company search relevance over HTTP (embedded)', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith('embedded');
    account = await createAccount(kith);
    await loadCompanies(kith, records);
  });
  afterAll(() => kith?.stop());

  const topOf = async ({ companyName, locality, region, country, sort }: Query) => {
    const answer = await kith.client.v3('company.search', { companyName, locality, region, country, sort }, { key: account.key });
    expect([200, 404], answer.text).toContain(answer.status);
    return answer.status === 200 ? (answer.body[0]?.lookupDomain as string | undefined) : undefined;
  };

  it('answers the intended company first for an exact name, a typo, a locality and a sort by traffic', async () => {
    for (const kind of ['exact name', 'typo', 'name and locality', 'first word only, by traffic']) {
      const query = fixture.queries.find((candidate) => candidate.kind === kind)!;
      expect(await topOf(query), `${kind}: ${query.companyName}`).toBe(query.expected);
    }
  });

  it(`puts the intended company first for at least ${REQUIRED_SHARE * 100}% of the queries`, async () => {
    const misses: string[] = [];
    for (const query of fixture.queries) {
      const top = await topOf(query);
      if (top !== query.expected) misses.push(`${query.kind}: ${JSON.stringify(query.companyName)} gave ${top ?? 'nothing'}, not ${query.expected}`);
    }
    reportRelevance('POST /v3/company.search, embedded', misses);
  });
});
