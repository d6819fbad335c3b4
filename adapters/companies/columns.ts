import type { CompanyRecord } from '../../schemas/data/company-record.ts';
import { companyNameKey, placeKey } from '../../domain/companies/normalise.ts';

/** The columns of `companies` (migration 007) besides `document`, with their SQL types, in one order for both writers. */
export const COMPANY_COLUMNS = [
  ['domain', 'text'],
  ['name', 'text'],
  ['name_key', 'text'],
  ['logo', 'text'],
  ['locality', 'text'],
  ['region', 'text'],
  ['region_code', 'text'],
  ['country', 'text'],
  ['country_code', 'text'],
  ['traffic_rank', 'integer'],
  ['employees', 'integer'],
  ['updated', 'date'],
  ['place_keys', 'text[]'],
] as const;

export type ColumnValue = string | number | null;

/** A parsed line, ready to be written: the column values in COMPANY_COLUMNS order, and the line as the document. */
export type CompanyRow = { domain: string; values: ColumnValue[]; document: string };

/**
 * What lookup and search read, taken from a record whose domain is normalised already. The first location is
 * the headquarters; the traffic rank is the global one.
 */
export function companyColumns(domain: string, record: CompanyRecord): ColumnValue[] {
  const { details } = record;
  const headquarters = details.locations[0];
  const logoImage = details.images.find((image) => image.label === 'logo');
  return [
    domain,
    record.name,
    companyNameKey(record.name),
    record.logo ?? logoImage?.url ?? logoImage?.value ?? null,
    headquarters?.city ?? null,
    headquarters?.region ?? null,
    headquarters?.regionCode ?? null,
    headquarters?.country ?? null,
    headquarters?.countryCode ?? null,
    details.traffic?.countryRank?.global?.rank ?? null,
    record.employees ?? details.entity?.employees ?? null,
    record.updated ?? null,
    placeKeys({
      locality: [headquarters?.city],
      region: [headquarters?.region, headquarters?.regionCode],
      country: [headquarters?.country, headquarters?.countryCode],
    }),
  ];
}

/**
 * The headquarters as search filters compare it, in the array literal that COPY and a cast both read:
 * `{"locality:san francisco","region:california","region:ca",...}`. Keys are [a-z0-9 :] only, so quoting is enough.
 */
function placeKeys(places: Record<'locality' | 'region' | 'country', Array<string | null | undefined>>): string {
  const keys = Object.entries(places).flatMap(([kind, values]) =>
    values.map((value) => (value ? placeKey(value) : '')).filter((key) => key !== '').map((key) => `"${kind}:${key}"`),
  );
  return `{${keys.join(',')}}`;
}
