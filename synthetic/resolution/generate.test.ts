import { describe, expect, it } from 'vitest';
import { phoneE164 } from '../../schemas/formats/phone.ts';
import { ERROR_KINDS } from './errors.ts';
import { generateSources } from './generate.ts';
import { isoDate, POPULATION_RATES, type Person } from './population.ts';
import { FIELDS, SOURCES } from './sources.ts';

// One large set for the rates (bounds are of counts: four standard deviations of a binomial count, and a little).
const PERSONS = 3_000;
const big = generateSources({ seed: 'rates', persons: PERSONS });
const personOf = new Map(big.persons.map((person) => [person.id, person]));

/** |observed - n p| within four standard deviations (and two counts): fails when a rate is not what is documented. */
function expectCount(observed: number, n: number, p: number, what: string) {
  const slack = 4 * Math.sqrt(n * p * (1 - p)) + 2;
  expect(Math.abs(observed - n * p), `${what}: ${observed} of ${n}, expected ${(n * p).toFixed(1)} ± ${slack.toFixed(1)}`).toBeLessThanOrEqual(slack);
}

const ofSource = (name: string) => big.records.filter(({ record }) => record.source === name);
const bare = (value: string | null) => value?.toLowerCase().replace(/[^a-z]/g, '') ?? null;

describe('generateSources', () => {
  it('gives the same records for the same seed and others for another; a source does not disturb the others', () => {
    const small = (seed: string, sources = SOURCES) => generateSources({ seed, persons: 200, sources });
    expect(small('a')).toEqual(small('a'));
    expect(small('b').records).not.toEqual(small('a').records);
    const withoutWeb = small('a', SOURCES.filter((source) => source.name !== 'web'));
    expect(withoutWeb.records).toEqual(small('a').records.filter(({ record }) => record.source !== 'web'));
  });

  it('names each record once, numbers each source in shuffled order, and its truth is a person of the population', () => {
    const keys = big.records.map(({ record }) => `${record.source}:${record.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { record } of big.records) expect(personOf.has(record.cluster)).toBe(true);
    for (const source of SOURCES) {
      const clusters = ofSource(source.name).map(({ record }) => Number(record.cluster.slice(1)));
      const ascending = clusters.filter((cluster, at) => at > 0 && cluster > clusters[at - 1]!).length;
      expect(ascending / clusters.length).toBeGreaterThan(0.4);
      expect(ascending / clusters.length).toBeLessThan(0.6);
    }
  });

  it('writes a record without errors as the person was, now or (stale) before', () => {
    const clean = big.records.filter(({ errors }) => errors.length === 0);
    expect(clean.length).toBeGreaterThan(big.records.length / 2);
    for (const { record, stale } of clean) {
      const person = personOf.get(record.cluster)!;
      const state = stale ? person.earlier! : person.current;
      if (record.dob !== null) expect(record.dob).toBe(isoDate(person.born));
      if (record.email !== null) expect(record.email).toBe(state.email);
      if (record.surname !== null) expect(bare(state.surname)!.startsWith(bare(record.surname)!)).toBe(true);
      if (record.postcode !== null) expect(record.postcode.replace(' ', '')).toBe(state.address.postcode.replace(' ', ''));
      if (record.firstName !== null) expect(bare(`${person.given}${person.middle ?? ''}`)!.startsWith(bare(record.firstName)!)).toBe(true);
    }
  });

  it('holds each source to its coverage, duplicates, stale share, fields given and cap on errors', () => {
    const withEarlier = big.persons.filter((person) => person.earlier !== null).length;
    for (const source of SOURCES) {
      const records = ofSource(source.name);
      const persons = new Set(records.map(({ record }) => record.cluster)).size;
      expectCount(persons, PERSONS, source.coverage, `${source.name} coverage`);
      expectCount(records.filter((record) => record.duplicate).length, persons, source.duplicates, `${source.name} duplicates`);
      const ofChanged = records.filter(({ record }) => personOf.get(record.cluster)!.earlier !== null);
      expect(withEarlier).toBeGreaterThan(PERSONS / 4);
      expectCount(ofChanged.filter((record) => record.stale).length, ofChanged.length, source.stale, `${source.name} stale`);
      for (const field of ['dob', 'address', 'postcode', 'city'] as const) {
        expectCount(records.filter(({ record }) => record[field] !== null).length, records.length, source.filled[field], `${source.name} ${field} given`);
      }
      for (const { errors } of records) expect(errors.length).toBeLessThanOrEqual(source.maxErrors);
    }
  });

  it('makes each error at its rate where it can always be made', () => {
    // Typos, digit errors, a year off and OCR misreadings can be made in any value the source gives.
    const always = new Set(['typo', 'digit', 'year-off', 'ocr']);
    for (const source of SOURCES) {
      const records = ofSource(source.name);
      for (const { field, kind, rate } of source.errors.filter((error) => always.has(error.kind) && error.field !== 'email')) {
        const given = records.filter(({ record, errors }) => record[field] !== null && !errors.some((error) => error.kind === 'names-swapped'));
        const made = given.filter(({ errors }) => errors.some((error) => error.field === field && error.kind === kind)).length;
        expectCount(made, given.length, rate, `${source.name} ${field} ${kind}`);
      }
    }
  });

  it('makes every kind of error, in every field, and no more often than documented', () => {
    const made = new Map<string, number>();
    for (const { record, errors } of big.records) for (const error of errors) made.set(`${record.source} ${error.field} ${error.kind}`, (made.get(`${record.source} ${error.field} ${error.kind}`) ?? 0) + 1);
    for (const kind of ERROR_KINDS) expect([...made.keys()].some((key) => key.endsWith(` ${kind}`)), kind).toBe(true);
    for (const field of FIELDS) expect([...made.keys()].some((key) => key.includes(` ${field} `)), field).toBe(true);
    for (const source of SOURCES) {
      const records = ofSource(source.name).length;
      for (const { field, kind, rate } of source.errors) {
        const count = made.get(`${source.name} ${field} ${kind}`) ?? 0;
        expect(count, `${source.name} ${field} ${kind}`).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(records * rate + 4 * Math.sqrt(records * rate) + 2);
      }
    }
  });

  it('records a fifth or more of persons in two sources or more, most once a source', () => {
    const sources = new Map<string, Set<string>>();
    for (const { record } of big.records) sources.set(record.cluster, (sources.get(record.cluster) ?? new Set()).add(record.source));
    const several = [...sources.values()].filter((names) => names.size >= 2).length;
    expect(several / sources.size).toBeGreaterThan(0.5);
    expect(big.records.filter((record) => record.duplicate).length / big.records.length).toBeLessThan(0.05);
  });

  it('writes phones British numbering reads', () => {
    const phones = big.records.filter(({ record, errors }) => record.phone !== null && !errors.some((error) => error.field === 'phone'));
    expect(phones.length).toBeGreaterThan(1_000);
    const valid = phones.filter(({ record }) => phoneE164(record.phone!, 'GB') !== undefined).length;
    expect(valid / phones.length).toBeGreaterThan(0.97);
  });
});

describe('the population', () => {
  const persons = big.persons;
  const relation = (kind: string) => persons.filter((person) => person.relation?.kind === kind);
  const of = (person: Person) => personOf.get(person.relation!.of)!;

  it('has decoys of every kind, each like the person it is made of in the documented way', () => {
    expect(relation('namesake')).toHaveLength(Math.round(PERSONS * POPULATION_RATES.namesake));
    for (const namesake of relation('namesake')) {
      expect([namesake.given, namesake.current.surname]).toEqual([of(namesake).given, of(namesake).current.surname]);
      expect(namesake.born).not.toEqual(of(namesake).born);
    }
    expect(relation('twin').length).toBeGreaterThan(10);
    for (const twin of relation('twin')) {
      expect(twin.born).toEqual(of(twin).born);
      expect(twin.given).not.toBe(of(twin).given);
      expect((twin.earlier ?? twin.current).surname).toBe((of(twin).earlier ?? of(twin).current).surname);
    }
    expect(relation('junior').length).toBeGreaterThan(0);
    for (const junior of relation('junior')) {
      expect([junior.given, junior.current.surname, junior.current.address]).toEqual([of(junior).given, of(junior).current.surname, of(junior).current.address]);
      expect(junior.born.year - of(junior).born.year).toBeGreaterThanOrEqual(20);
    }
    for (const member of [...relation('partner'), ...relation('child')]) {
      expect(member.household).toBe(of(member).household);
      expect(member.current.address).toEqual(of(member).current.address);
      expect(member.landline).toBe(of(member).landline);
      expect(member.current.email === null || member.current.email !== of(member).current.email).toBe(true);
    }
  });

  it('changes surnames, homes and mailboxes at about the documented rates', () => {
    const inHouseholds = persons.filter((person) => person.household !== null).length;
    expect(inHouseholds / PERSONS).toBeGreaterThan(0.15);
    expect(inHouseholds / PERSONS).toBeLessThan(0.35);
    const moved = persons.filter((person) => person.earlier && person.earlier.address !== person.current.address).length;
    expect(moved / PERSONS).toBeGreaterThan(POPULATION_RATES.moved - 0.03);
    const renamed = persons.filter((person) => person.earlier && person.earlier.surname !== person.current.surname).length;
    expect(renamed / PERSONS).toBeGreaterThan(POPULATION_RATES.surnameChangedAlone);
    expect(renamed / PERSONS).toBeLessThan(0.12);
    const mailboxes = persons.flatMap((person) => [person.current.email, person.earlier?.email].filter((email) => email != null));
    expect(new Set(persons.map((person) => person.current.email).filter(Boolean)).size).toBe(persons.filter((person) => person.current.email).length);
    expect(mailboxes.length).toBeGreaterThan(PERSONS * (1 - POPULATION_RATES.noEmail) - 100);
  });
});

