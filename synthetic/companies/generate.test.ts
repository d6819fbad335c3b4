import { describe, expect, it } from 'vitest';
import { CompanyRecord } from '../../schemas/data/company-record.ts';
import { generateCompanies } from './generate.ts';
import { normaliseDomain } from '../../schemas/formats/domain-name.ts';
import { companyNameKey } from '../../domain/companies/normalise.ts';

const ndjson = (count: number, seed: number) => [...generateCompanies({ count, seed })].map((record) => JSON.stringify(record)).join('\n');

describe('generateCompanies', () => {
  it('gives byte-identical output for the same seed, and different output for another', () => {
    const first = ndjson(300, 42);
    expect(ndjson(300, 42)).toBe(first);
    expect(ndjson(300, 43)).not.toBe(first);
    expect(first.split('\n').filter(Boolean)).toHaveLength(300);
  });

  it('makes a smaller dataset the start of a larger one with the same seed', () => {
    const small = [...generateCompanies({ count: 100, seed: 5 })];
    expect([...generateCompanies({ count: 400, seed: 5 })].slice(0, 100)).toEqual(small);
  });

  it('makes valid records with unique normalised domains, legal forms, shared stems, real codes and places', () => {
    const records = [...generateCompanies({ count: 2000, seed: 7 })];
    for (const record of records) expect(CompanyRecord.safeParse(record).success).toBe(true);
    const domains = records.map((record) => normaliseDomain(record.domain));
    expect(domains).toEqual(records.map((record) => record.domain));
    expect(new Set(domains).size).toBe(2000);
    const countries = new Set(records.map((record) => record.details.locations[0]!.countryCode));
    expect([...countries].sort()).toEqual(['CA', 'DE', 'FR', 'GB', 'IN', 'NL', 'US']);
    for (const suffix of ['Inc.', 'LLC', 'Ltd', 'GmbH', 'SAS', 'B.V.']) {
      expect(records.some((record) => record.name.endsWith(` ${suffix}`)), suffix).toBe(true);
    }
    // Several companies share the first word of their name.
    const firstWords = new Map<string, number>();
    for (const record of records) {
      const word = companyNameKey(record.name).split(' ')[0]!;
      firstWords.set(word, (firstWords.get(word) ?? 0) + 1);
    }
    expect([...firstWords.values()].filter((n) => n >= 5).length).toBeGreaterThan(20);
    for (const record of records) {
      const types = record.details.industries.map((industry) => `${industry.type}:${industry.code.length}`);
      expect(types).toEqual(['SIC:4', 'NAICS:6']);
      expect(record.details.locations[0]!.regionCode).toMatch(/^[A-Z]{2,3}$/);
      expect(record.logo).toMatch(/^https:\/\//);
    }
    const ranked = records.filter((record) => record.details.traffic?.countryRank?.global);
    expect(ranked.length / records.length).toBeGreaterThan(0.8);
    expect(records.some((record) => (record.employees ?? 0) > 10_000)).toBe(true);
  });
});
