import type { FebrlRow } from './febrl-csv.ts';

/** A FEBRL row for tests: dataset4a's first person, numbered and with fields changed as asked. */
export const febrlRow = (n: number, kind: 'org' | 'dup', fields: Partial<FebrlRow> = {}): FebrlRow => ({
  rec_id: kind === 'org' ? `rec-${n}-org` : `rec-${n}-dup-0`,
  given_name: 'michaela',
  surname: 'neumann',
  street_number: '8',
  address_1: 'stanley street',
  address_2: 'miami',
  suburb: 'winston hills',
  postcode: '4223',
  state: 'nsw',
  date_of_birth: '19151111',
  soc_sec_id: '5304218',
  n,
  kind,
  ...fields,
});
