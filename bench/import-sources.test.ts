import { describe, expect, it } from 'vitest';
import { PersonRecord } from '../schemas/data/person-record.ts';
import { generatePersons } from '../synthetic/persons/generate.ts';
import { randomOf } from '../synthetic/resolution/random.ts';
import { personsFor, sourceCopy, sourcesOf, splinkRow } from './import-sources.ts';

const persons = [...generatePersons({ count: 200, seed: 3 })];

/** The records of the persons, as the scenario deals them out: [source, record] pairs. */
function dealt(seed: string) {
  const random = randomOf(seed);
  const counts: Record<string, number> = {};
  return persons.flatMap((person, index) =>
    sourcesOf(index, random).map((source, copy) => {
      counts[source] = (counts[source] ?? 0) + 1;
      return [source, sourceCopy(person, { id: `${source}-${counts[source]}`, primary: copy === 0, olderLocation: persons[index - 1]?.details.locations[0] }, random)] as const;
    }),
  );
}

describe('the import-resolution sources', () => {
  it('puts 20% of persons in two or more sources, 25 records for every 20 persons', () => {
    const random = randomOf('s');
    const held = persons.map((_, index) => sourcesOf(index, random));
    expect(held.filter((sources) => sources.length >= 2).length / persons.length).toBe(0.2);
    expect(held.flat().length).toBe(250);
    expect(held.every((sources) => new Set(sources).size === sources.length)).toBe(true);
    expect(personsFor(1_000_000)).toBe(800_000);
    expect(personsFor(30_001)).toBe(24_001);
  });

  it('gives the same records for the same seed, and others for another', () => {
    expect(JSON.stringify(dealt('a'))).toBe(JSON.stringify(dealt('a')));
    expect(JSON.stringify(dealt('a'))).not.toBe(JSON.stringify(dealt('b')));
  });

  it('keeps the first copy as generated, under the source id, and makes valid records that differ believably', () => {
    const records = dealt('a');
    const ids = new Set(records.map(([source, record]) => `${source}:${record.id}`));
    expect(ids.size).toBe(records.length);
    const random = randomOf('x');
    expect(sourceCopy(persons[0]!, { id: 'crm-1', primary: true, olderLocation: undefined }, random)).toEqual({ ...persons[0], id: 'crm-1' });
    for (const [, record] of records) expect(PersonRecord.safeParse(record).success).toBe(true);

    const copies = Array.from({ length: 400 }, (_, i) => sourceCopy(persons[i % 200]!, { id: `shop-${i}`, primary: false, olderLocation: persons[(i + 1) % 200]!.details.locations[0] }, random));
    const original = (i: number) => persons[i % 200]!;
    const share = (test: (copy: PersonRecord, i: number) => boolean) => copies.filter(test).length / copies.length;
    expect(share((copy, i) => copy.details.emails.length > original(i).details.emails.length)).toBeGreaterThan(0.35);
    expect(share((copy, i) => copy.details.emails[0]?.value === original(i).details.emails[0]?.value)).toBe(1);
    expect(share((copy, i) => copy.details.phones.length === 0 && original(i).details.phones.length > 0)).toBeGreaterThan(0.15);
    expect(share((copy, i) => copy.details.locations[0]?.addressLine1 !== original(i).details.locations[0]?.addressLine1)).toBeGreaterThan(0.1);
    expect(share((copy, i) => copy.updated !== null && copy.updated! < original(i).updated!)).toBe(1);
  });

  it('writes a nickname for a given name that has one', () => {
    const robert = { ...persons[0]!, fullName: 'Robert Stone', details: { ...persons[0]!.details, name: { given: 'Robert', family: 'Stone', full: 'Robert Stone' } } };
    const random = randomOf('n');
    const names = Array.from({ length: 50 }, (_, i) => sourceCopy(robert, { id: `c-${i}`, primary: false, olderLocation: undefined }, random).fullName);
    expect(new Set(names)).toEqual(new Set(['Robert Stone', 'Bob Stone']));
  });

  it("gives Splink the record's names, birthday, first email, phone and address", () => {
    const person = persons[0]!;
    const row = splinkRow('crm', person);
    const birthday = person.details.age!.birthday!;
    expect(row).toMatchObject({ key: `crm:${person.id}`, first_name: person.details.name!.given, surname: person.details.name!.family, email: person.details.emails[0]!.value });
    expect(row.dob).toBe(`${birthday.year}-${String(birthday.month).padStart(2, '0')}-${String(birthday.day).padStart(2, '0')}`);
    expect(row.city).toBe(person.details.locations[0]!.city);
  });
});
