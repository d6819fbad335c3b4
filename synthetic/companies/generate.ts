import { base, en, Faker } from '@faker-js/faker';
import type { CompanyRecord } from '../../schemas/data/company-record.ts';
import { INDUSTRIES, type Industry } from './industries.ts';
import { freeDomain, slug, stems } from './names.ts';
import { COUNTRIES, LANGUAGE_NAMES, type Country } from './places.ts';

/**
 * Synthetic company records (docs/company-records.md) for demos, tests and benchmarks: names with the legal
 * forms of seven countries (Inc., LLC, Ltd, GmbH, SA, B.V., ...), several companies sharing a name's stem,
 * unique domains derived from the names, real NAICS/SIC codes, real regions and cities, and traffic ranks
 * that follow company size. The same seed gives the same records: every value comes from seeded fakers.
 * Memory grows with the count only by the set of domains taken (about 100 bytes a company).
 */
export type GenerateOptions = { count: number; seed?: number };

const REFERENCE_YEAR = 2026;
const TITLES = ['Chief Executive Officer', 'Chief Technology Officer', 'Chief Financial Officer', 'Chief Operating Officer', 'VP Sales', 'Founder'];

type Draw = { r: Faker; country: Country; industry: Industry };

/** A normally distributed number (Box–Muller over two seeded uniforms). */
const normal = (r: Faker) => Math.sqrt(-2 * Math.log(1 - r.number.float())) * Math.cos(2 * Math.PI * r.number.float());

function place({ r, country }: Draw, label: string) {
  const region = r.helpers.arrayElement(country.regions);
  const city = r.helpers.arrayElement(region.cities);
  const addressLine1 = r.location.streetAddress();
  const postalCode = r.location.zipCode();
  const formatted = ['US', 'CA', 'IN'].includes(country.code)
    ? `${addressLine1}, ${city}, ${region.code} ${postalCode}, ${country.name}`
    : `${addressLine1}, ${postalCode} ${city}, ${country.name}`;
  return { label, addressLine1, city, region: region.name, regionCode: region.code, postalCode, country: country.name, countryCode: country.code, formatted };
}

function phone({ r, country }: Draw): string {
  const [prefix, groups] = country.phone;
  return [prefix, ...groups.map((length, i) => r.string.numeric({ length, allowLeadingZeros: i > 0 }))].join(' ');
}

/** Traffic follows size, loosely: a global rank around 10^(7.5 - 1.1 log10 employees), and one in the home country. */
function traffic({ r, country }: Draw, employees: number) {
  const global = Math.max(1, Math.min(30_000_000, Math.round(10 ** (7.5 - 1.1 * Math.log10(employees) + 0.5 * normal(r)))));
  const home = Math.max(1, Math.round(global / r.number.float({ min: 8, max: 40 })));
  return {
    countryRank: { global: { rank: global, name: 'Global' }, [country.code.toLowerCase()]: { rank: home, name: country.name } },
    localeRank: { [country.language]: { rank: Math.max(1, Math.round(global / 3)), name: LANGUAGE_NAMES[country.language] } },
  };
}

/** The records, one by one, so that any count streams. */
export function* generateCompanies(options: GenerateOptions): Generator<CompanyRecord> {
  const seed = options.seed ?? 1;
  const pick = new Faker({ locale: [en, base] });
  pick.seed(seed);
  const fakers = new Map(COUNTRIES.map((country, i) => {
    const faker = new Faker({ locale: country.locale });
    faker.seed(seed * 11 + i);
    return [country.code, faker];
  }));
  const stem = stems(seed);
  const taken = new Set<string>();

  for (let index = 0; index < options.count; index += 1) {
    // Early stems are drawn more often than late ones, as some words are commoner in real names.
    const { text: stemText, home } = stem(pick.number.int({ min: 0, max: Math.floor(index / 2.5) + 20 }));
    const country = home && pick.number.float() < 0.7 ? home : pick.helpers.weightedArrayElement(COUNTRIES.map((c) => ({ weight: c.weight, value: c })));
    const draw: Draw = { r: fakers.get(country.code)!, country, industry: pick.helpers.arrayElement(INDUSTRIES) };
    const { r, industry } = draw;
    const word = r.number.float() < 0.75 ? r.helpers.arrayElement(industry.words[country.language]) : undefined;
    const suffix = r.number.float() < 0.8 ? r.helpers.arrayElement(country.suffixes) : undefined;
    const partner = word === undefined && r.number.float() < 0.3 ? r.person.lastName() : undefined;
    const name = [partner ? `${stemText} & ${partner}` : stemText, word, suffix].filter(Boolean).join(' ');
    const domain = freeDomain(pick, taken, partner ? `${stemText} ${partner}` : stemText, word, country);

    const employees = Math.round(10 ** (0.3 + 5 * r.number.float() ** 1.8));
    // Large companies are rarely new.
    const founded = REFERENCE_YEAR - 1 - Math.floor(4 * Math.log10(employees) + 140 * r.number.float() ** 2.5);
    const website = `https://${r.number.float() < 0.6 ? 'www.' : ''}${domain}`;
    const logo = `https://img.kith.example/logos/${domain}.png`;
    const handle = slug(name).slice(0, 15);
    const headquarters = place(draw, 'headquarters');
    const offices = employees > 200 ? Array.from({ length: r.number.int({ min: 0, max: 2 }) }, () => place(draw, 'office')) : [];
    const profiles: CompanyRecord['details']['profiles'] = {};
    if (r.number.float() < 0.7) {
      profiles.twitter = { service: 'twitter', username: handle, userid: r.string.numeric({ length: 10, allowLeadingZeros: false }), url: `https://twitter.com/${handle}`, bio: r.company.catchPhrase(), followers: Math.round(employees * r.number.float({ min: 2, max: 60 })), following: r.number.int({ min: 10, max: 2000 }) };
    }
    if (r.number.float() < 0.85) profiles.linkedin = { service: 'linkedin', username: slug(name), url: `https://www.linkedin.com/company/${slug(name)}` };
    if (r.number.float() < 0.5) profiles.facebook = { service: 'facebook', username: handle, url: `https://www.facebook.com/${handle}` };
    if (r.number.float() < 0.3) profiles.crunchbase = { service: 'crunchbase', username: slug(name), url: `https://www.crunchbase.com/organization/${slug(name)}` };
    const ranked = r.number.float() < 0.9;
    const updated = `${r.number.int({ min: 2023, max: 2026 })}-${String(r.number.int({ min: 1, max: 12 })).padStart(2, '0')}-${String(r.number.int({ min: 1, max: 28 })).padStart(2, '0')}`;

    yield {
      domain,
      name,
      location: headquarters.formatted,
      twitter: profiles.twitter?.url ?? null,
      linkedin: profiles.linkedin?.url ?? null,
      facebook: profiles.facebook?.url ?? null,
      bio: `${name} (${industry.naics[1]}) is based in ${headquarters.city}. ${r.company.catchPhrase()}.`,
      logo,
      website,
      founded,
      employees,
      locale: country.language,
      category: industry.category,
      updated,
      details: {
        entity: { name, founded, employees },
        locales: [{ code: country.language, name: LANGUAGE_NAMES[country.language] }],
        categories: [{ code: industry.category.toUpperCase().replace(' ', '_'), name: industry.category }],
        industries: [
          { type: 'SIC', code: industry.sic[0], name: industry.sic[1] },
          { type: 'NAICS', code: industry.naics[0], name: industry.naics[1] },
        ],
        emails: [{ value: `info@${domain}`, label: 'other' }, ...(r.number.float() < 0.5 ? [{ value: `sales@${domain}`, label: 'sales' }] : [])],
        phones: [{ value: phone(draw), label: 'work' }],
        profiles,
        locations: [headquarters, ...offices],
        images: [{ url: logo, value: logo, label: 'logo' }],
        urls: [{ value: website, label: 'website' }, ...(r.number.float() < 0.3 ? [{ value: `${website}/blog/rss.xml`, label: 'rss' }] : [])],
        keywords: [...industry.keywords, r.company.buzzNoun()],
        keyPeople: Array.from({ length: r.number.int({ min: 1, max: 3 }) }, (_, i) => ({ fullName: r.person.fullName(), title: TITLES[i === 0 ? 0 : r.number.int({ min: 1, max: TITLES.length - 1 })]!, avatar: r.image.avatarGitHub() })),
        traffic: ranked ? traffic(draw, employees) : null,
      },
    };
  }
}
