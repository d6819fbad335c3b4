import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { PersonRecord } from '../schemas/data/person-record.ts';
import type { GeneratedSet } from '../synthetic/resolution/generate.ts';
import { parseCsv } from './csv.ts';
import { repoRoot } from './processes.ts';

/**
 * The data sets of `npm run bench:resolution`: records of persons with known truth (which records are one
 * person), each dealt out to a few sources so that Kith resolves records it imported from several.
 */

/** Where the data sets are unless `--data` says otherwise: `shared/data`, beside the repository's checkout. */
export const DEFAULT_DATA_DIR = join(repoRoot, '..', 'shared', 'data');

/** The sources records are imported from: a record goes to the one its numeric id picks, modulo their count. */
export const SOURCES = ['a', 'b', 'c'] as const;

/**
 * One record of a data set, the source it is imported from and its true cluster; null fields are missing. The
 * street address, postcode and phone are only in some data sets (the generated ones): where a set has none of
 * them they are left out (undefined), and Kith and Splink are given the same fields either way.
 */
export type LabelledRecord = {
  source: string;
  id: string;
  cluster: string;
  firstName: string | null;
  surname: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
  city: string | null;
  email: string | null;
  /** The street line: house number and street. */
  address?: string | null;
  postcode?: string | null;
  phone?: string | null;
};
/**
 * A data set and what it is for: `public` (a published set with known clusters), `dev` (generated, for tuning and
 * looking at mistakes), `held-out` (generated the same way from seeds nobody tunes on; only its figures are read).
 */
export type DataSetRole = 'public' | 'dev' | 'held-out';
/** `generated`: how a generated set was made (its persons, the errors in each record), for reading its mistakes. */
export type DataSet = { name: string; role: DataSetRole; about: string; records: LabelledRecord[]; generated?: GeneratedSet };

/** Splink's demonstration set (its own README beside it): 1,000 records of 251 persons. */
export const FAKE_1000 = { name: 'fake_1000', file: 'splink-fake-1000/fake_1000.csv' };
const COLUMNS = ['unique_id', 'first_name', 'surname', 'dob', 'city', 'email', 'cluster'] as const;
const DOB = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `<source>:<id>`: what the truth and the predicted clusters name a record by. */
export const recordKey = (record: { source: string; id: string }) => `${record.source}:${record.id}`;

/** The records of a CSV with Splink's columns (unique_id,first_name,surname,dob,city,email,cluster; empty is missing). */
export function parseLabelledCsv(text: string): LabelledRecord[] {
  const [header, ...rows] = parseCsv(text);
  if (header?.join(',') !== COLUMNS.join(',')) throw new Error(`the columns must be ${COLUMNS.join(',')}`);
  const seen = new Set<string>();
  return rows.map((row, index) => {
    const where = `row ${index + 2}`;
    if (row.length !== COLUMNS.length) throw new Error(`${where}: ${row.length} fields, not ${COLUMNS.length}`);
    const value = (column: (typeof COLUMNS)[number]) => row[COLUMNS.indexOf(column)] || null;
    const id = row[0]!;
    if (!/^\d+$/.test(id)) throw new Error(`${where}: unique_id must be a whole number`);
    if (seen.has(id)) throw new Error(`${where}: unique_id ${id} again`);
    seen.add(id);
    const dob = value('dob');
    if (dob !== null && !DOB.test(dob)) throw new Error(`${where}: dob must be YYYY-MM-DD`);
    const cluster = value('cluster');
    if (cluster === null) throw new Error(`${where}: no cluster`);
    return {
      source: SOURCES[Number(BigInt(id) % BigInt(SOURCES.length))]!,
      id,
      cluster,
      firstName: value('first_name'),
      surname: value('surname'),
      dob,
      city: value('city'),
      email: value('email'),
    };
  });
}

/** Splink's `fake_1000` under `dataDir`. */
export async function readFake1000(dataDir: string): Promise<DataSet> {
  const file = join(dataDir, FAKE_1000.file);
  if (!existsSync(file)) throw new Error(`no ${file}: --data names the folder holding ${FAKE_1000.file}`);
  try {
    const records = parseLabelledCsv(await readFile(file, 'utf8'));
    return { name: FAKE_1000.name, role: 'public', about: "Splink's demonstration set", records };
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** Record key -> true cluster. */
export const truthOf = (records: readonly LabelledRecord[]) => new Map(records.map((record) => [recordKey(record), record.cluster]));

/** The record's address as a person record's location: only the parts it has, none when it has none. */
function locationOf(record: LabelledRecord) {
  const parts = { addressLine1: record.address ?? null, city: record.city, postalCode: record.postcode ?? null };
  const given = Object.entries(parts).filter(([, value]) => value !== null);
  return given.length === 0 ? [] : [Object.fromEntries(given)];
}

/** A British mobile (`07…`, `+44 7…`) is labelled so; any other number is the home's. */
const phoneLabel = (phone: string) => (/^(\+44\s*|0)7/.test(phone) ? 'mobile' : 'home');

/** The record as a line of `kith import persons` (docs/person-records.md). */
export function personRecord(record: LabelledRecord): z.input<typeof PersonRecord> {
  const full = [record.firstName, record.surname].filter((part) => part !== null).join(' ') || null;
  const birthday = record.dob === null ? null : DOB.exec(record.dob)!.slice(1).map(Number);
  return {
    id: record.id,
    fullName: full,
    details: {
      name: { given: record.firstName, family: record.surname, full },
      ...(birthday && { age: { birthday: { year: birthday[0], month: birthday[1], day: birthday[2] } } }),
      emails: record.email === null ? [] : [{ value: record.email, label: 'personal' }],
      ...(record.phone && { phones: [{ value: record.phone, label: phoneLabel(record.phone) }] }),
      locations: locationOf(record),
    },
  };
}

/** The record as the Splink baseline reads it (bench/splink_baseline.py); the optional columns only when the record has them. */
export const splinkRecord = (record: LabelledRecord) => ({
  key: recordKey(record),
  first_name: record.firstName,
  surname: record.surname,
  dob: record.dob,
  city: record.city,
  email: record.email,
  ...(record.address !== undefined && { address_line: record.address }),
  ...(record.postcode !== undefined && { postcode: record.postcode }),
  ...(record.phone !== undefined && { phone: record.phone }),
});
