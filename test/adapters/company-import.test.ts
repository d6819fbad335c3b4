import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompanies } from '../../synthetic/companies/generate.ts';
import { importCompanies, sqlCompanyWriter, type CompanyWriter } from '../../adapters/companies/import.ts';
import { findCompanyByDomain, searchCompanies, type CompanySearch } from '../../adapters/companies/lookup.ts';
import { pgCopyCompanyWriter } from '../../adapters/companies/pg-copy-writer.ts';
import type { CompanyRecord } from '../../schemas/data/company-record.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';

const COUNT = 1500;
const records = [...generateCompanies({ count: COUNT, seed: 11 })];
const ndjson = (lines: unknown[]) => Readable.from([`${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`]);

/** Companies of a name no generated one shares, with known places, ranks and sizes. */
function company(domain: string, name: string, place: [city: string, region: string, regionCode: string, country: string, countryCode: string], rank: number | null, employees: number) {
  const [city, region, regionCode, country, countryCode] = place;
  return {
    domain,
    name,
    logo: `https://img.example/${domain}.png`,
    employees,
    details: {
      locations: [{ label: 'headquarters', city, region, regionCode, country, countryCode }],
      traffic: rank === null ? null : { countryRank: { global: { rank, name: 'Global' } } },
    },
  };
}
const ZYXWV = [
  company('https://www.Zyxwv.com/', 'Zyxwv Inc.', ['San Francisco', 'California', 'CA', 'United States', 'US'], 500, 50),
  company('zyxwv.de', 'Zyxwv GmbH', ['München', 'Bayern', 'BY', 'Germany', 'DE'], 100, 20),
  company('zyxwvlabs.com', 'Zyxwv Labs LLC', ['Austin', 'Texas', 'TX', 'United States', 'US'], 50, 5000),
  company('zyxwv-analytique.fr', 'Zyxwv Analytique SAS', ['Paris', 'Île-de-France', 'IDF', 'France', 'FR'], null, 900),
  // Only alike: the most visited and largest of them, yet after every name holding the word.
  company('zyxwx.ca', 'Zyxwx Inc.', ['Toronto', 'Ontario', 'ON', 'Canada', 'CA'], 1, 90_000),
];
// Names only alike to `Vrplx`, on both sides of every edge of the bands of rank and size that search reads them
// in (adapters/companies/lookup.ts, BANDS), and one name holding the word, small and unranked.
const VRPLX = [
  company('vrplx.com', 'Vrplx', ['Austin', 'Texas', 'TX', 'United States', 'US'], null, 1),
  ...(
    [
      ['a', 99, 99],
      ['b', 100, 100_000],
      ['c', 999, 100],
      ['d', 1000, 99_999],
      ['e', 9999, 999],
      ['f', 10_000, 10_000],
      ['g', 99_999, 1000],
      ['h', 100_000, 9999],
      ['i', null, 1_000_000],
      ['j', 1, 1],
    ] as const
  ).map(([letter, rank, employees]) => company(`vrplx${letter}.com`, `Vrplx${letter}`, ['Austin', 'Texas', 'TX', 'United States', 'US'], rank, employees)),
];
// Names ever less similar to `Jkiyx` (pg_trgm similarity in the comments), across the floors search by relevance
// reads them down to (adapters/companies/lookup.ts, RELEVANCE_FLOORS: 0.6 and 0.45), and one name alike only by
// its first word. The two `Jkiyx Abc` tie, exactly at the first floor: the more visited comes first.
const JKIYX = (
  [
    ['jkiyx.com', 'Jkiyx', 500], // 1
    ['jkiyxa.com', 'Jkiyxa', 500], // 0.625
    ['jkiyx-abc.com', 'Jkiyx Abc', 20], // 0.6
    ['jkiyx-abc.net', 'Jkiyx Abc', 10], // 0.6
    ['jkiy.com', 'Jkiy', 500], // 0.571
    ['jkiyxab.com', 'Jkiyxab', 500], // 0.556
    ['jkiyx-abcd.com', 'Jkiyx Abcd', 500], // 0.545
    ['jkiyxxyz.com', 'Jkiyxxyz', 500], // 0.5
    ['jkiyxabcd.com', 'Jkiyxabcd', 500], // 0.455
    ['wjkiyx.com', 'Wjkiyx', 500], // 0.444
    ['jkiyx-abcdefgh.com', 'Jkiyx Abcdefgh', 500], // 0.4
    ['jkiyx-lmnop.com', 'Jkiyx Lmnop Qrst', 500], // 0.353
    ['jkiyx-uvwxy.com', 'Jkiyx Lmnop Qrst Uvwxy', 1], // 0.261, but its first word is the query
  ] as const
).map(([domain, name, rank]) => company(domain, name, ['Austin', 'Texas', 'TX', 'United States', 'US'], rank, 10));
const KNOWN = [...ZYXWV, ...VRPLX, ...JKIYX];

const implementations = dataImplementations({ copy: pgCopyCompanyWriter, sql: sqlCompanyWriter });

describe.each(implementations)('company import and search ($name)', (implementation) => {
  let subject: DataSubject<CompanyWriter>;
  const count = async () =>
    ((await subject.db.query<{ count: number }>('SELECT count(*)::int AS count FROM companies')) as [{ count: number }])[0].count;
  const domains = async (search: Partial<CompanySearch>) =>
    (await searchCompanies(subject.db, { name: 'Zyxwv', sort: 'relevance', limit: 10, ...search })).map((candidate) => candidate.lookupDomain);

  beforeAll(async () => {
    subject = await implementation.open();
  });
  afterAll(async () => {
    await subject?.done();
  });

  it('imports a generated file, with progress', async () => {
    const progress: number[] = [];
    const summary = await importCompanies(subject.writer, ndjson([...records, ...KNOWN]), {
      batchSize: 400,
      onProgress: ({ lines }) => progress.push(lines),
    });
    expect(summary).toMatchObject({ lines: COUNT + KNOWN.length, imported: COUNT + KNOWN.length, updated: 0, rejectedCount: 0, rejected: [] });
    expect(progress.at(-1)).toBe(COUNT + KNOWN.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await count()).toBe(COUNT + KNOWN.length);
  });

  it('finds a company by its domain in any writing', async () => {
    const record: CompanyRecord = records[7]!;
    for (const writing of [record.domain, record.domain.toUpperCase(), `https://www.${record.domain}:443/about?x=1`, `${record.domain}.`]) {
      const found = await findCompanyByDomain(subject.db, writing);
      expect(found, writing).toMatchObject({ domain: record.domain, document: { name: record.name, details: { industries: record.details.industries } }, updated: record.updated });
    }
    expect((await findCompanyByDomain(subject.db, 'zyxwv.com'))?.document).toMatchObject({ domain: 'https://www.Zyxwv.com/' });
    expect(await findCompanyByDomain(subject.db, 'no-such-company.example')).toBeUndefined();
    expect(await findCompanyByDomain(subject.db, 'fullcontact')).toBeUndefined();
  });

  it('answers search with candidates in the company.search shape', async () => {
    const [first] = await searchCompanies(subject.db, { name: 'Zyxwv Labs', sort: 'relevance', limit: 1 });
    expect(first).toEqual({
      lookupDomain: 'zyxwvlabs.com',
      orgName: 'Zyxwv Labs LLC',
      logo: 'https://img.example/zyxwvlabs.com.png',
      location: { locality: 'Austin', region: { name: 'Texas', code: 'TX' }, country: { name: 'United States', code: 'US' } },
    });
  });

  it('orders by relevance, traffic or employees', async () => {
    // Zyxwv Inc. and Zyxwv GmbH are both "zyxwv": the tie goes to the more visited.
    expect(await domains({ sort: 'relevance' })).toEqual(['zyxwv.de', 'zyxwv.com', 'zyxwvlabs.com', 'zyxwx.ca', 'zyxwv-analytique.fr']);
    expect(await domains({ sort: 'traffic' })).toEqual(['zyxwvlabs.com', 'zyxwv.de', 'zyxwv.com', 'zyxwv-analytique.fr', 'zyxwx.ca']);
    expect(await domains({ sort: 'employees' })).toEqual(['zyxwvlabs.com', 'zyxwv-analytique.fr', 'zyxwv.com', 'zyxwv.de', 'zyxwx.ca']);
    expect((await domains({ name: 'Zyxwx', sort: 'traffic' }))[0]).toBe('zyxwx.ca');
    expect(await domains({ sort: 'traffic', limit: 2 })).toEqual(['zyxwvlabs.com', 'zyxwv.de']);
  });

  it('orders names only alike by rank or size across the bands it reads them in, the name holding the word first', async () => {
    const vrplx = (search: Partial<CompanySearch>) => domains({ name: 'Vrplx', limit: 20, ...search });
    const byTraffic = ['vrplx.com', ...[...'jabcdefghi'].map((letter) => `vrplx${letter}.com`)];
    const byEmployees = ['vrplx.com', ...[...'ibdfhgecaj'].map((letter) => `vrplx${letter}.com`)];
    expect(await vrplx({ sort: 'traffic' })).toEqual(byTraffic);
    expect(await vrplx({ sort: 'employees' })).toEqual(byEmployees);
    for (const limit of [1, 2, 4, 7, 10]) {
      expect(await vrplx({ sort: 'traffic', limit }), `traffic, ${limit}`).toEqual(byTraffic.slice(0, limit));
      expect(await vrplx({ sort: 'employees', limit }), `employees, ${limit}`).toEqual(byEmployees.slice(0, limit));
    }
  });

  it('orders by relevance across the similarity floors it reads names down to, for every page size', async () => {
    const byRelevance = ['jkiyx.com', 'jkiyxa.com', 'jkiyx-abc.net', 'jkiyx-abc.com', ...JKIYX.slice(4).map((known) => known.domain)];
    expect(await domains({ name: 'Jkiyx', limit: 20 })).toEqual(byRelevance);
    for (let limit = 1; limit <= byRelevance.length; limit += 1) {
      expect(await domains({ name: 'Jkiyx', limit }), `limit ${limit}`).toEqual(byRelevance.slice(0, limit));
    }
    expect(await domains({ name: 'Jkiyx', location: 'Austin', limit: 3 })).toEqual(byRelevance.slice(0, 3));
    expect(await domains({ name: 'Jkiyx', country: 'DE' })).toEqual([]);
  });

  it('leaves the similarity threshold as it was for the next search on the connection', async () => {
    // `Jkiyx` is 0.545 similar to `Jkiyx Abcd`, and no run of its words is: found only under the usual 0.3.
    for (const sort of ['relevance', 'traffic', 'employees'] as const) {
      await domains({ name: 'Jkiyx', limit: 1 }); // by relevance, answered from the first floor, 0.6
      expect(await domains({ name: 'Jkiyx Abcd', sort, limit: 20 }), sort).toContain('jkiyx.com');
    }
  });

  it('ignores common words such as Inc. and GmbH, case, accents and punctuation', async () => {
    const plain = await domains({ name: 'Zyxwv' });
    for (const name of ['Zyxwv Inc.', 'ZYXWV GMBH', 'zyxwv, LLC', 'Zyxwv Corporation', 'Zyxwv S.A.']) expect(await domains({ name }), name).toEqual(plain);
    expect((await domains({ name: 'Zyxwv Analytiqué SARL' }))[0]).toBe('zyxwv-analytique.fr');
    expect(await domains({ name: 'Inc.' })).not.toContain('zyxwv.com');
  });

  it('tolerates a misspelt name', async () => {
    expect((await domains({ name: 'Zyxvw Labs' }))[0]).toBe('zyxwvlabs.com');
  });

  it('filters by locality, region and country, by name or code, case and accents aside', async () => {
    expect(await domains({ country: 'de' })).toEqual(['zyxwv.de']);
    expect(await domains({ country: 'Germany' })).toEqual(['zyxwv.de']);
    expect(await domains({ country: 'united states' })).toEqual(['zyxwv.com', 'zyxwvlabs.com']);
    expect(await domains({ region: 'BY' })).toEqual(['zyxwv.de']);
    expect(await domains({ region: 'bayern' })).toEqual(['zyxwv.de']);
    expect(await domains({ region: 'Ile de France' })).toEqual(['zyxwv-analytique.fr']);
    expect(await domains({ region: 'idf', country: 'FR' })).toEqual(['zyxwv-analytique.fr']);
    expect(await domains({ locality: 'munchen' })).toEqual(['zyxwv.de']);
    expect(await domains({ locality: 'Austin', country: 'DE' })).toEqual([]);
    expect(await domains({ location: 'Austin, TX' })).toEqual(['zyxwvlabs.com']);
    expect(await domains({ location: 'San Francisco, California, US' })).toEqual(['zyxwv.com']);
    expect(await domains({ location: 'Paris, US' })).toEqual([]);
  });

  it('finds a generated company by its name and place', async () => {
    for (const record of records.slice(0, 20)) {
      const headquarters = record.details.locations[0]!;
      const found = await domains({ name: record.name, locality: headquarters.city!, country: headquarters.countryCode! });
      expect(found, record.name).toContain(record.domain);
    }
  });

  it('replaces a company imported again, rather than adding one', async () => {
    const changed = records.slice(0, 10).map((record) => ({ ...record, name: `Qwvutsr ${record.name}` }));
    const summary = await importCompanies(subject.writer, ndjson([...changed, { ...changed[0], domain: `HTTPS://WWW.${changed[0]!.domain}/` }]));
    expect(summary).toMatchObject({ lines: 11, imported: 0, updated: 11, rejectedCount: 0 });
    expect(await count()).toBe(COUNT + KNOWN.length);
    const found = await searchCompanies(subject.db, { name: 'Qwvutsr', sort: 'traffic', limit: 50 });
    expect(found.map((candidate) => candidate.lookupDomain).sort()).toEqual(changed.map((record) => record.domain).sort());
    expect((await findCompanyByDomain(subject.db, changed[0]!.domain))?.document).toMatchObject({ domain: `HTTPS://WWW.${changed[0]!.domain}/` });
  });

  it('reports bad lines with their numbers and imports the rest', async () => {
    const good = [...generateCompanies({ count: 3, seed: 99 })];
    const { name: _name, ...noName } = good[1]!;
    const summary = await importCompanies(
      subject.writer,
      ndjson([
        good[0],
        '{"domain": "broken',
        '',
        noName,
        { ...good[1], domain: 'localhost' },
        { ...good[1], details: { industries: [{ type: 'ISIC', code: '6201' }] } },
        good[2],
      ]),
    );
    expect(summary).toMatchObject({ lines: 7, imported: 2, rejectedCount: 4 });
    expect(summary.rejected.map((rejected) => rejected.line)).toEqual([2, 4, 5, 6]);
    expect(summary.rejected[0]!.error).toMatch(/invalid JSON/);
    expect(summary.rejected[1]!.error).toMatch(/^name:/);
    expect(summary.rejected[2]!.error).toMatch(/^domain: not a domain name/);
    expect(summary.rejected[3]!.error).toMatch(/^details\.industries\.0\.type:/);
    expect(await findCompanyByDomain(subject.db, good[2]!.domain)).toBeDefined();
  });
});
