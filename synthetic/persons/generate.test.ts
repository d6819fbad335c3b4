import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PersonRecord } from '../../schemas/data/person-record.ts';
import { generatePersons, writePersons } from './generate.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRIES } from './generated-countries.ts';
import { phoneE164 } from '../../schemas/formats/phone.ts';

async function ndjson(count: number, seed: number): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writePersons(out, { count, seed });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('generatePersons', () => {
  it('gives byte-identical output for the same seed, and different output for another', async () => {
    const first = await ndjson(300, 42);
    expect(await ndjson(300, 42)).toBe(first);
    expect(await ndjson(300, 43)).not.toBe(first);
    expect(first.split('\n').filter(Boolean)).toHaveLength(300);
  });

  it('makes valid records with unique ids, several countries, households and shared identifiers', () => {
    const records = [...generatePersons({ count: 1000, seed: 7 })];
    for (const record of records) expect(PersonRecord.safeParse(record).success).toBe(true);
    expect(new Set(records.map((record) => record.id)).size).toBe(1000);
    const countries = new Set(records.map((record) => record.details.locations[0]?.countryCode));
    expect([...countries].sort()).toEqual(['DE', 'FR', 'GB', 'US']);
    const addresses = new Map<string, number>();
    const phones = new Map<string, number>();
    for (const record of records) {
      const address = record.details.locations[0]?.formatted ?? '';
      addresses.set(address, (addresses.get(address) ?? 0) + 1);
      for (const phone of record.details.phones) {
        const e164 = phoneE164(phone.value);
        expect(e164, phone.value).toBeDefined();
        phones.set(e164!, (phones.get(e164!) ?? 0) + 1);
      }
    }
    expect([...addresses.values()].filter((n) => n > 1).length).toBeGreaterThan(20);
    expect([...phones.values()].filter((n) => n > 1).length).toBeGreaterThan(3);
  });

  it('gives every personal and work email to one person only; the shared ones are the deliberate others', () => {
    const records = [...generatePersons({ count: 20_000, seed: 11 })];
    const owners = new Map<string, number>();
    for (const record of records) {
      for (const email of record.details.emails) {
        if (email.label === 'other') continue;
        const address = email.value.trim().toLowerCase();
        owners.set(address, (owners.get(address) ?? 0) + 1);
      }
    }
    expect([...owners].filter(([, count]) => count > 1)).toEqual([]);
    const others = records.flatMap((record) => record.details.emails.filter((email) => email.label === 'other'));
    expect(others.length).toBeGreaterThan(100);
    for (const other of others) expect(owners.get(other.value.trim().toLowerCase())).toBe(1);
  });

  it('gives every social handle to one person only, namesakes included, as a service gives a handle to one account', () => {
    const records = [...generatePersons({ count: 20_000, seed: 3 })];
    const owners = new Map<string, number>();
    for (const record of records) {
      for (const [service, profile] of Object.entries(record.details.profiles)) {
        if (!profile.username) continue;
        const handle = `${service}:${profile.username.toLowerCase()}`;
        owners.set(handle, (owners.get(handle) ?? 0) + 1);
      }
    }
    expect(owners.size).toBeGreaterThan(10_000);
    expect([...owners].filter(([, count]) => count > 1)).toEqual([]);
  });
});

describe('generatePersons with more countries', () => {
  it('adds Australia, Canada and the Netherlands, with their states, postal codes and phones', () => {
    const records = [...generatePersons({ count: 2000, seed: 7, countries: COUNTRY_CODES })];
    for (const record of records) expect(PersonRecord.safeParse(record).success).toBe(true);
    const byCountry = new Map<string, typeof records>();
    for (const record of records) {
      const code = record.details.locations[0]!.countryCode!;
      byCountry.set(code, [...(byCountry.get(code) ?? []), record]);
    }
    expect([...byCountry.keys()].sort()).toEqual([...COUNTRY_CODES].sort());
    const postalCodes: Record<string, RegExp> = { AU: /^\d{4}$/, CA: /^[A-Z]\d[A-Z] \d[A-Z]\d$/, NL: /^\d{4} [A-Z]{2}$/ };
    for (const [code, pattern] of Object.entries(postalCodes)) {
      for (const record of byCountry.get(code)!) {
        const location = record.details.locations[0]!;
        expect(location.postalCode).toMatch(pattern);
        expect(location.regionCode).toBeTruthy();
        for (const phone of record.details.phones) expect(phoneE164(phone.value), phone.value).toBeDefined();
      }
    }
  });

  it('gives the default countries the same records as before the option existed', () => {
    expect([...generatePersons({ count: 300, seed: 42, countries: DEFAULT_COUNTRIES })]).toEqual([...generatePersons({ count: 300, seed: 42 })]);
  });
});
