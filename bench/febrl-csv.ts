import { parseCsv } from './csv.ts';

/** The columns of FEBRL's generated files (dataset4a.csv, dataset4b.csv), as their header names them. */
export const FEBRL_COLUMNS = [
  'rec_id',
  'given_name',
  'surname',
  'street_number',
  'address_1',
  'address_2',
  'suburb',
  'postcode',
  'state',
  'date_of_birth',
  'soc_sec_id',
] as const;
export type FebrlColumn = (typeof FEBRL_COLUMNS)[number];

/** One row: its fields (trimmed, empty when missing), the person's number N and whether it is the original or a duplicate. */
export type FebrlRow = Record<FebrlColumn, string> & { n: number; kind: 'org' | 'dup' };

const REC_ID = /^rec-(\d+)-(org|dup-\d+)$/;

/**
 * The rows of a FEBRL file: a header naming FEBRL_COLUMNS, then one row per record, fields written after ", ".
 * A row whose rec_id is not `rec-N-org` or `rec-N-dup-K`, or of another width, is refused with its line.
 */
export function parseFebrl(text: string): FebrlRow[] {
  const [header, ...rows] = parseCsv(text).filter((row) => row.some((field) => field.trim() !== ''));
  const names = (header ?? []).map((name) => name.trim());
  if (names.join(',') !== FEBRL_COLUMNS.join(',')) throw new Error(`not a FEBRL file: the header is ${names.join(', ')}`);
  return rows.map((fields, index) => {
    if (fields.length !== FEBRL_COLUMNS.length) throw new Error(`line ${index + 2}: ${fields.length} fields, not ${FEBRL_COLUMNS.length}`);
    const row = Object.fromEntries(FEBRL_COLUMNS.map((name, column) => [name, fields[column]!.trim()])) as Record<FebrlColumn, string>;
    const id = REC_ID.exec(row.rec_id);
    if (!id) throw new Error(`line ${index + 2}: rec_id ${row.rec_id} is not rec-N-org or rec-N-dup-K`);
    return { ...row, n: Number(id[1]), kind: id[2] === 'org' ? 'org' : 'dup' };
  });
}
