import { describe, expect, it } from 'vitest';
import { PersonEnrichRequest } from '../../../schemas/v3/person-enrich.ts';
import { generatePersons } from '../generate.ts';
import { COUNTRY_CODES } from '../generated-countries.ts';
import { generateMatchQueries } from './generate-queries.ts';

const PERSONS = { count: 1500, seed: 21, countries: COUNTRY_CODES };
const lines = generateMatchQueries({ persons: PERSONS, count: 600, seed: 5 });
const inFile = new Map([...generatePersons(PERSONS)].map((record) => [record.id, record]));

describe('generateMatchQueries', () => {
  it('makes the same queries for the same seeds, others for another', () => {
    expect(generateMatchQueries({ persons: PERSONS, count: 600, seed: 5 })).toEqual(lines);
    expect(generateMatchQueries({ persons: PERSONS, count: 600, seed: 6 })).not.toEqual(lines);
  });

  it('asks for persons of the file, each once, and one query in ten for a person it does not hold', () => {
    expect(lines.map((line) => line.id)).toEqual(Array.from({ length: 600 }, (_, n) => `q${String(n + 1).padStart(6, '0')}`));
    const truths = lines.flatMap((line) => (line.truth ? [line.truth] : []));
    expect(truths).toHaveLength(540);
    expect(new Set(truths).size).toBe(540);
    for (const truth of truths) expect(inFile.has(truth), truth).toBe(true);
  });

  it('writes usable name-and-address queries only, with one to three corruptions, in several countries', () => {
    const byCount = [0, 0, 0, 0];
    for (const line of lines) {
      expect(Object.keys(line.query).sort()).toEqual(['location', 'name']);
      expect(PersonEnrichRequest.safeParse({ ...line.query, confidence: 'MAX' }).success, JSON.stringify(line.query)).toBe(true);
      byCount[line.corruptions.length] = byCount[line.corruptions.length]! + 1;
    }
    expect(byCount[0]).toBe(0);
    for (const count of [1, 2, 3]) expect(byCount[count]).toBeGreaterThan(150);
    const countries = new Set(lines.map((line) => inFile.get(line.truth ?? '')?.details.locations[0]?.countryCode).filter(Boolean));
    expect(countries.size).toBe(COUNTRY_CODES.length);
  });

  it('keeps what a corruption did not touch: a query without name corruptions carries the person’s name', () => {
    for (const line of lines) {
      const person = line.truth ? inFile.get(line.truth)! : undefined;
      if (!person || line.corruptions.some((label) => /:(given|family|name)$/.test(label))) continue;
      const { full, given, family } = line.query.name;
      expect((full ?? `${given} ${family}`).toLowerCase()).toBe(person.fullName!.toLowerCase());
    }
  });

  it('takes the absent persons from right after the file: the file’s persons do not depend on how many are made', () => {
    const more = [...generatePersons({ ...PERSONS, count: PERSONS.count + 60 })];
    const slim = (record: (typeof more)[number]) => ({ id: record.id, name: record.details.name, location: record.details.locations[0] });
    expect(more.slice(0, PERSONS.count).map(slim)).toEqual([...inFile.values()].map(slim));
    // Some of them live with a person of the file: the household member who must not be answered.
    const addresses = new Set([...inFile.values()].map((record) => record.details.locations[0]!.formatted));
    expect(more.slice(PERSONS.count).filter((record) => addresses.has(record.details.locations[0]!.formatted)).length).toBeGreaterThan(0);
  });
});
