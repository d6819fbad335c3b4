import { en_GB } from '@faker-js/faker';
import { hashOf, type Random } from './random.ts';

/**
 * British towns, streets, postcodes and phone numbers for the multi-source generator. Towns are weighted by
 * population (10,000s, London scaled to its share of the country); each has its postcode area, its dialling code,
 * perhaps the bigger town near it (what a person may give instead, `near`) and a shorter name people write
 * (`short`). A street address's postcode is a pure function of its town, street and house number, so that
 * neighbours share a postcode's sector and a household shares its postcode.
 */
export type Town = { name: string; weight: number; areas: readonly string[]; dialling: string; near?: string; short?: string };
export type Address = { number: number; street: string; town: string; postcode: string };

export const TOWNS: readonly Town[] = [
  { name: 'London', weight: 250, areas: ['E', 'N', 'NW', 'SE', 'SW', 'W'], dialling: '020' },
  { name: 'Birmingham', weight: 115, areas: ['B'], dialling: '0121' },
  { name: 'Leeds', weight: 80, areas: ['LS'], dialling: '0113' },
  { name: 'Glasgow', weight: 63, areas: ['G'], dialling: '0141' },
  { name: 'Sheffield', weight: 58, areas: ['S'], dialling: '0114' },
  { name: 'Manchester', weight: 55, areas: ['M'], dialling: '0161' },
  { name: 'Bradford', weight: 54, areas: ['BD'], dialling: '01274', near: 'Leeds' },
  { name: 'Edinburgh', weight: 52, areas: ['EH'], dialling: '0131' },
  { name: 'Liverpool', weight: 50, areas: ['L'], dialling: '0151' },
  { name: 'Bristol', weight: 47, areas: ['BS'], dialling: '0117' },
  { name: 'Coventry', weight: 37, areas: ['CV'], dialling: '024', near: 'Birmingham' },
  { name: 'Cardiff', weight: 36, areas: ['CF'], dialling: '029' },
  { name: 'Leicester', weight: 35, areas: ['LE'], dialling: '0116' },
  { name: 'Belfast', weight: 34, areas: ['BT'], dialling: '028' },
  { name: 'Nottingham', weight: 33, areas: ['NG'], dialling: '0115' },
  { name: 'Newcastle upon Tyne', weight: 30, areas: ['NE'], dialling: '0191', short: 'Newcastle' },
  { name: 'Brighton', weight: 29, areas: ['BN'], dialling: '01273' },
  { name: 'Sunderland', weight: 27, areas: ['SR'], dialling: '0191', near: 'Newcastle upon Tyne' },
  { name: 'Kingston upon Hull', weight: 26, areas: ['HU'], dialling: '01482', short: 'Hull' },
  { name: 'Stoke-on-Trent', weight: 26, areas: ['ST'], dialling: '01782', short: 'Stoke' },
  { name: 'Plymouth', weight: 26, areas: ['PL'], dialling: '01752' },
  { name: 'Wolverhampton', weight: 26, areas: ['WV'], dialling: '01902', near: 'Birmingham' },
  { name: 'Derby', weight: 26, areas: ['DE'], dialling: '01332', near: 'Nottingham' },
  { name: 'Southampton', weight: 25, areas: ['SO'], dialling: '023' },
  { name: 'Milton Keynes', weight: 25, areas: ['MK'], dialling: '01908' },
  { name: 'Swansea', weight: 24, areas: ['SA'], dialling: '01792', near: 'Cardiff' },
  { name: 'Northampton', weight: 22, areas: ['NN'], dialling: '01604' },
  { name: 'Luton', weight: 22, areas: ['LU'], dialling: '01582', near: 'London' },
  { name: 'Swindon', weight: 22, areas: ['SN'], dialling: '01793' },
  { name: 'Portsmouth', weight: 21, areas: ['PO'], dialling: '023', near: 'Southampton' },
  { name: 'Warrington', weight: 21, areas: ['WA'], dialling: '01925', near: 'Manchester' },
  { name: 'Aberdeen', weight: 20, areas: ['AB'], dialling: '01224' },
  { name: 'York', weight: 20, areas: ['YO'], dialling: '01904', near: 'Leeds' },
  { name: 'Bolton', weight: 19, areas: ['BL'], dialling: '01204', near: 'Manchester' },
  { name: 'Croydon', weight: 19, areas: ['CR'], dialling: '020', near: 'London' },
  { name: 'Bournemouth', weight: 19, areas: ['BH'], dialling: '01202' },
  { name: 'Huddersfield', weight: 16, areas: ['HD'], dialling: '01484', near: 'Leeds' },
  { name: 'Slough', weight: 16, areas: ['SL'], dialling: '01753', near: 'London' },
  { name: 'Oxford', weight: 15, areas: ['OX'], dialling: '01865' },
  { name: 'Dundee', weight: 15, areas: ['DD'], dialling: '01382' },
  { name: 'Cambridge', weight: 14, areas: ['CB'], dialling: '01223' },
  { name: 'Norwich', weight: 14, areas: ['NR'], dialling: '01603' },
  { name: 'Ipswich', weight: 14, areas: ['IP'], dialling: '01473' },
  { name: 'Middlesbrough', weight: 14, areas: ['TS'], dialling: '01642' },
  { name: 'Blackpool', weight: 14, areas: ['FY'], dialling: '01253', near: 'Preston' },
  { name: 'Preston', weight: 14, areas: ['PR'], dialling: '01772' },
  { name: 'Exeter', weight: 13, areas: ['EX'], dialling: '01392' },
  { name: 'Gloucester', weight: 13, areas: ['GL'], dialling: '01452' },
  { name: 'Colchester', weight: 13, areas: ['CO'], dialling: '01206' },
  { name: 'Chelmsford', weight: 11, areas: ['CM'], dialling: '01245' },
  { name: 'Wakefield', weight: 10, areas: ['WF'], dialling: '01924', near: 'Leeds' },
  { name: 'Lincoln', weight: 10, areas: ['LN'], dialling: '01522' },
  { name: 'Worcester', weight: 10, areas: ['WR'], dialling: '01905' },
  { name: 'Bath', weight: 9, areas: ['BA'], dialling: '01225', near: 'Bristol' },
  { name: 'Carlisle', weight: 7, areas: ['CA'], dialling: '01228' },
];

const BY_NAME = new Map(TOWNS.map((town) => [town.name, town]));
const WEIGHTED = TOWNS.map((town) => ({ value: town, weight: town.weight }));
const STREETS: readonly string[] = en_GB.location?.street_name ?? ['High Street', 'Church Road', 'Station Road'];
/** Letters of a postcode's unit (no C, I, K, M, O or V, as Royal Mail leaves them out). */
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const townOf = (name: string): Town => {
  const town = BY_NAME.get(name);
  if (!town) throw new Error(`no town ${name}`);
  return town;
};
export const randomTown = (random: Random): Town => random.weighted(WEIGHTED);

/** The postcode of an address: district and sector from the street, the unit from the block of 20 houses. */
export function postcodeOf(town: Town, street: string, number: number): string {
  const [area, district, sector] = hashOf(`${town.name}|${street}`) as [number, number, number];
  const [unit, letter] = hashOf(`${town.name}|${street}|${Math.floor(number / 20)}`) as [number, number];
  const letterOf = (word: number) => UNIT_LETTERS[word % UNIT_LETTERS.length];
  return `${town.areas[area % town.areas.length]}${1 + (district % 28)} ${1 + (sector % 9)}${letterOf(unit)}${letterOf(letter)}`;
}

/** A street address in the town: house numbers mostly low, as on most streets. */
export function addressIn(random: Random, town: Town): Address {
  const street = random.pick(STREETS);
  const number = random.chance(0.7) ? random.int(1, 60) : random.int(61, 250);
  return { number, street, town: town.name, postcode: postcodeOf(town, street, number) };
}

/** A mobile number as Britons write it, `07xxx xxxxxx`. */
export const mobileOf = (random: Random): string =>
  `07${random.int(4, 9)}${random.int(0, 9)}${random.int(0, 9)} ${String(random.int(0, 999_999)).padStart(6, '0')}`;

/** A landline in the town's dialling code, ten digits after the 0, the local number not starting 0 or 1. */
export function landlineOf(random: Random, town: Town): string {
  const local = `${random.int(2, 9)}${Array.from({ length: 10 - (town.dialling.length - 1) - 1 }, () => random.int(0, 9)).join('')}`;
  if (town.dialling.length === 3) return `${town.dialling} ${local.slice(0, 4)} ${local.slice(4)}`;
  if (town.dialling.length === 4) return `${town.dialling} ${local.slice(0, 3)} ${local.slice(3)}`;
  return `${town.dialling} ${local}`;
}
