import { Faker } from '@faker-js/faker';
import { foldAccents } from '../../domain/companies/normalise.ts';
import { COUNTRIES, type Country } from './places.ts';

/**
 * The distinctive part of generated company names ("Brightwave", "Blue Harbor", "Hoffmann"), drawn from a
 * pool that grows with the dataset, so that several companies share one (Brightwave Software Inc., Brightwave
 * Logistik GmbH): the ambiguity real name searches meet. A stem depends only on the seed and its number.
 */
const PREFIXES = ['North', 'West', 'Blue', 'Red', 'Green', 'Silver', 'Golden', 'Bright', 'Clear', 'Swift', 'Iron', 'Stone', 'Cedar', 'Pine', 'Oak', 'Maple', 'River', 'Summit', 'Harbor', 'Sun', 'Star', 'Cloud', 'Ever', 'True', 'Prime', 'High', 'Deep', 'Open', 'Wild', 'Frost'];
const ROOTS = ['wave', 'bridge', 'field', 'gate', 'point', 'line', 'path', 'light', 'works', 'forge', 'crest', 'wood', 'view', 'spring', 'ridge', 'haven', 'core', 'mark', 'wind', 'shore', 'leaf', 'brook', 'stack', 'vale'];
const NOUNS = ['Harbor', 'Oak', 'Lake', 'Ridge', 'River', 'Rock', 'Hill', 'Valley', 'Bridge', 'Field', 'Point', 'Mountain', 'Creek', 'Forest', 'Canyon', 'Meadow'];
const SINGLES = ['Apex', 'Vertex', 'Nimbus', 'Quantum', 'Zenith', 'Lumen', 'Atlas', 'Orbit', 'Vector', 'Helix', 'Nexus', 'Vanguard', 'Pinnacle', 'Keystone', 'Horizon', 'Beacon', 'Catalyst', 'Meridian', 'Pioneer', 'Sterling', 'Monarch', 'Everest', 'Aurora', 'Phoenix', 'Titan', 'Falcon', 'Cobalt', 'Onyx', 'Indigo', 'Solstice'];

export type Stem = { text: string; /** The country of a family name: its companies are mostly there. */ home: Country | undefined };

/** stem(n) for n = 0, 1, ...: the same for the same seed, whichever records asked for it before. */
export function stems(seed: number): (index: number) => Stem {
  const draw = new Faker({ locale: COUNTRIES[0]!.locale });
  const surnames = new Map(COUNTRIES.map((country) => [country.code, new Faker({ locale: country.locale })]));
  return (index) => {
    draw.seed([seed, index]);
    const kind = draw.number.float();
    if (kind < 0.3) {
      const home = draw.helpers.weightedArrayElement(COUNTRIES.map((country) => ({ weight: country.weight, value: country })));
      const names = surnames.get(home.code)!;
      names.seed([seed, index]);
      return { text: names.person.lastName(), home };
    }
    const text =
      kind < 0.65 ? `${draw.helpers.arrayElement(PREFIXES)}${draw.helpers.arrayElement(ROOTS)}`
      : kind < 0.85 ? `${draw.helpers.arrayElement(PREFIXES)} ${draw.helpers.arrayElement(NOUNS)}`
      : draw.helpers.arrayElement(SINGLES);
    return { text, home: undefined };
  };
}

/** Letters and digits only, accents folded: how a name becomes a domain label. */
export const slug = (text: string): string => foldAccents(text).replace(/[^a-z0-9]+/g, '');

/**
 * A free domain for a company: the name's stem, or stem and industry word, under one of the country's
 * endings; when those are taken, what a company whose name is taken registers instead (getX.com, Xhq.com),
 * and at last a number. `taken` holds every domain generated so far.
 */
export function freeDomain(r: Faker, taken: Set<string>, stem: string, word: string | undefined, country: Country): string {
  const tld = r.helpers.arrayElement(country.tlds);
  const [core, full] = [slug(stem), slug(`${stem} ${word ?? ''}`)];
  const candidates = [
    ...(word === undefined || r.number.float() < 0.4 ? [`${core}.${tld}`] : []),
    `${full}.${tld}`,
    ...(word === undefined ? [] : [`${core}-${slug(word)}.${tld}`]),
    ...country.tlds.map((ending) => `${full}.${ending}`),
    `get${core}.com`,
    `${core}hq.com`,
    `${full}group.${tld}`,
  ];
  let domain = candidates.find((candidate) => !taken.has(candidate));
  for (let n = 2; domain === undefined; n += 1) if (!taken.has(`${full}${n}.${tld}`)) domain = `${full}${n}.${tld}`;
  taken.add(domain);
  return domain;
}
