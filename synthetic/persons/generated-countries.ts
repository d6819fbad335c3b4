import { base, de, en, en_AU, en_CA, en_GB, en_US, Faker, fr, nl } from '@faker-js/faker';

/**
 * The countries generated persons live in, each with its own seeded faker, its share of persons, and how its
 * phones, mail providers and postal addresses are written. The first four are the default; Australia, Canada and
 * the Netherlands (other postal code styles, states with codes, names with particles such as `van der`) are added
 * on request, so that the default output stays byte for byte what it always was.
 */
export const COUNTRY_CODES = ['US', 'GB', 'DE', 'FR', 'AU', 'CA', 'NL'] as const;
export type GeneratedCountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRIES: readonly GeneratedCountryCode[] = ['US', 'GB', 'DE', 'FR'];

export type Country = {
  code: GeneratedCountryCode;
  name: string;
  faker: Faker;
  weight: number;
  tld: string;
  mail: string[];
  /** `postcode-city`: `Hauptstraße 5, 10115 Berlin`; `region-postcode`: `5 Main St, Springfield, IL 62701`. */
  addressStyle: 'region-postcode' | 'postcode-city';
};

type Locale = ConstructorParameters<typeof Faker>[0]['locale'];
type Definition = Omit<Country, 'faker'> & { locale: Locale; offset: number };

const DEFINITIONS: Definition[] = [
  { code: 'US', name: 'United States', locale: [en_US, en, base], offset: 1, weight: 55, tld: 'com', mail: ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'], addressStyle: 'region-postcode' },
  { code: 'GB', name: 'United Kingdom', locale: [en_GB, en, base], offset: 2, weight: 15, tld: 'co.uk', mail: ['gmail.com', 'btinternet.com', 'hotmail.co.uk'], addressStyle: 'region-postcode' },
  { code: 'DE', name: 'Germany', locale: [de, en, base], offset: 3, weight: 15, tld: 'de', mail: ['gmail.com', 'gmx.de', 'web.de', 't-online.de'], addressStyle: 'postcode-city' },
  { code: 'FR', name: 'France', locale: [fr, en, base], offset: 4, weight: 15, tld: 'fr', mail: ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net'], addressStyle: 'postcode-city' },
  { code: 'AU', name: 'Australia', locale: [en_AU, en, base], offset: 5, weight: 10, tld: 'com.au', mail: ['gmail.com', 'bigpond.com', 'outlook.com.au'], addressStyle: 'region-postcode' },
  { code: 'CA', name: 'Canada', locale: [en_CA, en, base], offset: 6, weight: 10, tld: 'ca', mail: ['gmail.com', 'rogers.com', 'shaw.ca'], addressStyle: 'region-postcode' },
  { code: 'NL', name: 'Netherlands', locale: [nl, en, base], offset: 7, weight: 10, tld: 'nl', mail: ['gmail.com', 'ziggo.nl', 'kpnmail.nl', 'hotmail.nl'], addressStyle: 'postcode-city' },
];

/** The chosen countries, in the table's order, each with a faker seeded from the seed and its place in the table. */
export function countriesOf(codes: readonly GeneratedCountryCode[], seed: number): Country[] {
  return DEFINITIONS.filter((definition) => codes.includes(definition.code)).map(({ locale, offset, ...country }) => {
    const faker = new Faker({ locale });
    faker.seed(seed * 7 + offset);
    return { ...country, faker };
  });
}

const US_AREAS = ['212', '415', '312', '617', '206', '512', '303', '404', '305', '702', '646', '213'];
const CA_AREAS = ['416', '647', '604', '514', '403', '613', '780', '902', '306', '204'];

/** A phone number of the country, in one of the ways people write it. */
export function phoneOf(country: Country, r: Faker): string {
  const digits = (n: number) => r.string.numeric({ length: n, allowLeadingZeros: true });
  const northAmerican = (areas: string[]) => {
    const area = r.helpers.arrayElement(areas);
    const exchange = `${r.number.int({ min: 2, max: 9 })}${digits(2)}`;
    const line = digits(4);
    return r.helpers.arrayElement([`(${area}) ${exchange}-${line}`, `${area}-${exchange}-${line}`, `+1 ${area} ${exchange} ${line}`]);
  };
  switch (country.code) {
    case 'US':
      return northAmerican(US_AREAS);
    case 'GB':
      return `+44 7${r.helpers.arrayElement(['4', '5', '7', '8', '9'])}${digits(2)} ${digits(6)}`;
    case 'DE':
      return `+49 17${digits(1)} ${digits(7)}`;
    case 'FR':
      return `+33 ${r.helpers.arrayElement(['6', '7'])} ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`;
    case 'AU':
      return `+61 4${digits(2)} ${digits(3)} ${digits(3)}`;
    case 'CA':
      // Written without +1 it still reads right: numbers without a country code are read as North American.
      return northAmerican(CA_AREAS);
    case 'NL':
      return `+31 6 ${digits(8)}`;
  }
}

/** The one-line postal address, in the order the country writes it. */
export function formattedAddress(
  country: Country,
  address: { addressLine1: string; city: string; region: string; regionCode: string | null; postalCode: string },
): string {
  return country.addressStyle === 'region-postcode'
    ? `${address.addressLine1}, ${address.city}, ${address.regionCode ?? address.region} ${address.postalCode}, ${country.name}`
    : `${address.addressLine1}, ${address.postalCode} ${address.city}, ${country.name}`;
}
