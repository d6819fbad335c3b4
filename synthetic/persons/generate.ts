import type { Writable } from 'node:stream';
import { base, en, Faker } from '@faker-js/faker';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { writeNdjson } from '../../adapters/ndjson/write.ts';
import { countriesOf, DEFAULT_COUNTRIES, formattedAddress, phoneOf, type Country, type GeneratedCountryCode } from './generated-countries.ts';
import { seenFilter } from './seen-filter.ts';

/**
 * Synthetic person records (docs/person-records.md) for demos, tests and benchmarks: realistic names,
 * addresses, emails, phones (US, GB, DE, FR by default; `countries` may add AU, CA and NL), social profiles,
 * MAIDs and employment, with some households (people sharing an address) and some deliberately conflicting
 * identifiers (a phone or email on two persons). Any other email is one person's only, as a mailbox is: one
 * that came out before gets the person's number. The same seed gives the same records: every value comes from
 * seeded fakers, none from the clock.
 */
export type GenerateOptions = {
  count: number;
  seed?: number;
  countries?: readonly GeneratedCountryCode[];
  /** The share of persons who join a recent person's household (address, and most often family name): 0.12 unless given. */
  householdShare?: number;
};

const REFERENCE_YEAR = 2026;
const PLACEKEY_ALPHABET = '23456789bcdfghjkmnpqrstvwxyz';

const ascii = (value: string) =>
  value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase().replace(/[^a-z0-9]+/g, '');

function placekeyOf(r: Faker): string {
  const part = () => r.string.fromCharacters(PLACEKEY_ALPHABET, 3);
  return `${r.string.numeric(3)}-${r.string.numeric(3)}@${part()}-${part()}-${part()}`;
}

/** A region and its code that belong together (faker picks each separately). */
function regionOf(r: Faker): { region: string; regionCode: string | null } {
  const names = r.rawDefinitions.location?.state ?? [];
  const codes = r.rawDefinitions.location?.state_abbr ?? [];
  if (names.length === 0) return { region: r.location.county(), regionCode: null };
  const index = r.number.int({ min: 0, max: names.length - 1 });
  return { region: names[index]!, regionCode: codes.length === names.length ? codes[index]! : null };
}

type Address = { country: Country; family: string; location: NonNullable<PersonRecord['details']['locations']>[number]; placekey: string | undefined };

/** The records, one by one, so that any count streams in constant memory. */
export function* generatePersons(options: GenerateOptions): Generator<PersonRecord> {
  const seed = options.seed ?? 1;
  const all = countriesOf(options.countries ?? DEFAULT_COUNTRIES, seed);
  const pick = new Faker({ locale: [en, base] });
  pick.seed(seed);
  const recentAddresses: Address[] = [];
  const recentPhones: string[] = [];
  const recentEmails: string[] = [];
  const emailsMade = seenFilter(options.count * 2);
  /** The address, or (when it came out before) the same with the person's number, which no other one has. */
  const ownEmail = (local: string, domain: string, index: number) =>
    emailsMade.addIfNew(`${local}@${domain}`) ? `${local}@${domain}` : `${local}.${index}@${domain}`;
  const handlesMade = seenFilter(options.count);
  /** The handle, or (when it came out before) one ending in the person's number: a service gives a handle to one account. */
  const ownHandle = (handle: string, index: number) => {
    const suffix = `_${index.toString(36)}`;
    return handlesMade.addIfNew(handle) ? handle : `${handle.slice(0, 15 - suffix.length)}${suffix}`;
  };
  const remember = <T>(ring: T[], value: T) => {
    ring.push(value);
    if (ring.length > 200) ring.shift();
  };

  for (let index = 0; index < options.count; index += 1) {
    const household = recentAddresses.length > 0 && pick.number.float() < (options.householdShare ?? 0.12) ? pick.helpers.arrayElement(recentAddresses) : undefined;
    const country = household?.country ?? pick.helpers.weightedArrayElement(all.map((c) => ({ weight: c.weight, value: c })));
    const r = country.faker;
    const sex = r.person.sexType();
    const given = r.person.firstName(sex);
    const family = household && r.number.float() < 0.7 ? household.family : r.person.lastName();
    const full = `${given} ${family}`;
    const birthYear = r.number.int({ min: 1945, max: 2006 });
    const age = REFERENCE_YEAR - birthYear;
    const ageRange = `${Math.floor(age / 10) * 10}-${Math.floor(age / 10) * 10 + 9}`;

    const address: Address = household ?? {
      country,
      family,
      placekey: r.number.float() < 0.6 ? placekeyOf(r) : undefined,
      location: (() => {
        const city = r.location.city();
        const { region, regionCode } = regionOf(r);
        const postalCode = r.location.zipCode();
        const addressLine1 = r.location.streetAddress();
        const formatted = formattedAddress(country, { addressLine1, city, region, regionCode, postalCode });
        return { label: 'home', addressLine1, city, region, regionCode, postalCode, country: country.name, countryCode: country.code, formatted };
      })(),
    };
    if (!household) remember(recentAddresses, address);

    const company = r.company.name();
    const domain = `${ascii(company).slice(0, 20)}.${country.tld}`;
    const title = r.person.jobTitle();
    const employed = r.number.float() < 0.8;
    const employment = employed
      ? [{ name: company, title, domain, current: true, start: { year: r.number.int({ min: 2008, max: 2025 }), month: r.number.int({ min: 1, max: 12 }) } }]
      : [];
    if (employed && r.number.float() < 0.4) {
      const from = r.number.int({ min: 1995, max: 2015 });
      const previous = r.company.name();
      employment.push({ name: previous, title: r.person.jobTitle(), domain: `${ascii(previous).slice(0, 20)}.${country.tld}`, current: false, start: { year: from, month: r.number.int({ min: 1, max: 12 }) }, end: { year: from + r.number.int({ min: 1, max: 8 }), month: r.number.int({ min: 1, max: 12 }) } } as (typeof employment)[number]);
    }

    const local = `${ascii(given)}.${ascii(family)}${r.number.float() < 0.5 ? r.number.int({ min: 1, max: 99 }) : ''}`;
    const personal = ownEmail(local, r.helpers.arrayElement(country.mail), index);
    const emails = [{ value: r.number.float() < 0.1 ? ` ${personal[0]!.toUpperCase()}${personal.slice(1)}` : personal, label: 'personal' }];
    if (employed) emails.push({ value: ownEmail(`${ascii(given)[0] ?? 'x'}${ascii(family)}`, domain, index), label: 'work' });
    if (recentEmails.length > 0 && pick.number.float() < 0.01) emails.push({ value: pick.helpers.arrayElement(recentEmails), label: 'other' });
    remember(recentEmails, personal);

    const phones = [{ value: phoneOf(country, r), label: 'mobile' }];
    if (r.number.float() < 0.4) phones.push({ value: phoneOf(country, r), label: r.helpers.arrayElement(['home', 'work']) });
    if (recentPhones.length > 0 && pick.number.float() < 0.02) phones.push({ value: pick.helpers.arrayElement(recentPhones), label: 'other' });
    remember(recentPhones, phones[0]!.value);

    const handle = ownHandle(r.internet.username({ firstName: ascii(given), lastName: ascii(family) }).replace(/[^A-Za-z0-9_]/g, '').slice(0, 15) || `user${index}`, index);
    const profiles: PersonRecord['details']['profiles'] = {};
    if (r.number.float() < 0.6) {
      profiles.twitter = { service: 'twitter', username: handle, userid: r.string.numeric({ length: { min: 8, max: 19 }, allowLeadingZeros: false }), url: `https://${r.helpers.arrayElement(['twitter.com', 'x.com'])}/${handle}` };
    }
    if (r.number.float() < 0.7) {
      const slug = `${ascii(given)}-${ascii(family)}-${r.string.hexadecimal({ length: 8, casing: 'lower', prefix: '' })}`;
      profiles.linkedin = { service: 'linkedin', username: slug, url: `https://www.linkedin.com/in/${slug}` };
    }
    if (r.number.float() < 0.2) profiles.github = { service: 'github', username: handle, userid: r.string.numeric({ length: 8, allowLeadingZeros: false }), url: `https://github.com/${handle}` };
    if (r.number.float() < 0.3) profiles.facebook = { service: 'facebook', userid: r.string.numeric({ length: 15, allowLeadingZeros: false }), url: `https://www.facebook.com/${handle.toLowerCase()}` };

    const maids = Array.from({ length: r.number.int({ min: 0, max: 2 }) }, () => {
      const type = r.helpers.arrayElement(['idfa', 'aaid']);
      const id = r.string.uuid();
      return { id: type === 'idfa' ? id.toUpperCase() : id, type };
    });
    const liNonid = r.number.float() < 0.3 ? [r.string.alphanumeric({ length: 12 })] : [];
    const avatar = r.image.avatarGitHub();
    const website = r.number.float() < 0.2 ? `https://${ascii(given)}${ascii(family)}.${country.tld}` : undefined;
    const bio = r.number.float() < 0.5 ? r.person.bio() : undefined;
    const current = employment[0];

    yield {
      id: `p${seed}-${index.toString(36).padStart(6, '0')}-${pick.string.alphanumeric({ length: 6, casing: 'lower' })}`,
      fullName: full,
      ageRange,
      gender: sex === 'female' ? 'Female' : 'Male',
      location: `${address.location.city}, ${address.location.region}, ${country.name}`,
      title: current?.title ?? null,
      organization: current?.name ?? null,
      twitter: profiles.twitter?.url ?? null,
      linkedin: profiles.linkedin?.url ?? null,
      bio: bio ?? null,
      avatar,
      website: website ?? null,
      ...(address.placekey ? { placekey: address.placekey } : {}),
      updated: `${r.number.int({ min: 2023, max: 2026 })}-${String(r.number.int({ min: 1, max: 12 })).padStart(2, '0')}-${String(r.number.int({ min: 1, max: 28 })).padStart(2, '0')}`,
      details: {
        name: { given, family, full },
        age: { range: ageRange, value: age, birthday: { year: birthYear, month: r.number.int({ min: 1, max: 12 }), day: r.number.int({ min: 1, max: 28 }) } },
        gender: sex === 'female' ? 'Female' : 'Male',
        emails,
        phones,
        profiles,
        locations: [address.location],
        employment,
        photos: [{ label: 'avatar', value: avatar }],
        urls: website ? [{ label: 'personal', value: website }] : [],
        identifiers: { maids, li_nonid: liNonid },
      },
    };
  }
}

/** Writes the records as NDJSON, one a line, waiting when the stream is full. */
export function writePersons(out: Writable, options: GenerateOptions): Promise<number> {
  return writeNdjson(out, generatePersons(options));
}
