import { base, de, en, en_CA, en_GB, en_IN, en_US, fr, nl, type LocaleDefinition } from '@faker-js/faker';

/** Where generated companies are: real regions (ISO 3166-2 codes) and cities, so that filters meet real queries. */
export type Language = 'en' | 'de' | 'fr' | 'nl';
export type Region = { name: string; code: string; cities: string[] };
export type Country = {
  code: string;
  name: string;
  /** Share of the generated companies. */
  weight: number;
  language: Language;
  locale: LocaleDefinition[];
  /** Repeats make a domain ending more likely. */
  tlds: string[];
  /** Legal-form words as companies of the country write them; search ignores them. */
  suffixes: string[];
  /** Country calling code and the digits after it, grouped. */
  phone: [string, number[]];
  regions: Region[];
};

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'German', fr: 'French', nl: 'Dutch' };

export const COUNTRIES: Country[] = [
  {
    code: 'US', name: 'United States', weight: 40, language: 'en', locale: [en_US, en, base],
    tlds: ['com', 'com', 'com', 'io', 'co'], suffixes: ['Inc.', 'Inc', 'LLC', 'Corp.', 'Corporation', 'Co.', 'Company', 'Group'],
    phone: ['+1', [3, 3, 4]],
    regions: [
      { name: 'California', code: 'CA', cities: ['San Francisco', 'Los Angeles', 'San Diego', 'San Jose', 'Palo Alto'] },
      { name: 'New York', code: 'NY', cities: ['New York', 'Brooklyn', 'Buffalo'] },
      { name: 'Texas', code: 'TX', cities: ['Austin', 'Houston', 'Dallas'] },
      { name: 'Washington', code: 'WA', cities: ['Seattle', 'Bellevue'] },
      { name: 'Massachusetts', code: 'MA', cities: ['Boston', 'Cambridge'] },
      { name: 'Illinois', code: 'IL', cities: ['Chicago', 'Evanston'] },
      { name: 'Georgia', code: 'GA', cities: ['Atlanta', 'Savannah'] },
      { name: 'Colorado', code: 'CO', cities: ['Denver', 'Boulder'] },
    ],
  },
  {
    code: 'GB', name: 'United Kingdom', weight: 14, language: 'en', locale: [en_GB, en, base],
    tlds: ['co.uk', 'co.uk', 'com'], suffixes: ['Ltd', 'Ltd.', 'PLC', 'LLP', 'Group'],
    phone: ['+44', [2, 4, 4]],
    regions: [
      { name: 'England', code: 'ENG', cities: ['London', 'Manchester', 'Birmingham', 'Bristol', 'Leeds', 'Cambridge'] },
      { name: 'Scotland', code: 'SCT', cities: ['Edinburgh', 'Glasgow', 'Aberdeen'] },
      { name: 'Wales', code: 'WLS', cities: ['Cardiff', 'Swansea'] },
      { name: 'Northern Ireland', code: 'NIR', cities: ['Belfast'] },
    ],
  },
  {
    code: 'DE', name: 'Germany', weight: 14, language: 'de', locale: [de, en, base],
    tlds: ['de', 'de', 'com'], suffixes: ['GmbH', 'AG', 'Group'],
    phone: ['+49', [2, 4, 4]],
    regions: [
      { name: 'Bayern', code: 'BY', cities: ['München', 'Nürnberg', 'Augsburg'] },
      { name: 'Berlin', code: 'BE', cities: ['Berlin'] },
      { name: 'Hamburg', code: 'HH', cities: ['Hamburg'] },
      { name: 'Nordrhein-Westfalen', code: 'NW', cities: ['Köln', 'Düsseldorf', 'Dortmund'] },
      { name: 'Hessen', code: 'HE', cities: ['Frankfurt am Main', 'Wiesbaden'] },
      { name: 'Baden-Württemberg', code: 'BW', cities: ['Stuttgart', 'Karlsruhe', 'Heidelberg'] },
    ],
  },
  {
    code: 'FR', name: 'France', weight: 12, language: 'fr', locale: [fr, en, base],
    tlds: ['fr', 'fr', 'com'], suffixes: ['SA', 'S.A.', 'SAS', 'SARL'],
    phone: ['+33', [1, 2, 2, 2, 2]],
    regions: [
      { name: 'Île-de-France', code: 'IDF', cities: ['Paris', 'Boulogne-Billancourt', 'Versailles'] },
      { name: 'Auvergne-Rhône-Alpes', code: 'ARA', cities: ['Lyon', 'Grenoble'] },
      { name: "Provence-Alpes-Côte d'Azur", code: 'PAC', cities: ['Marseille', 'Nice'] },
      { name: 'Occitanie', code: 'OCC', cities: ['Toulouse', 'Montpellier'] },
      { name: 'Nouvelle-Aquitaine', code: 'NAQ', cities: ['Bordeaux'] },
      { name: 'Hauts-de-France', code: 'HDF', cities: ['Lille'] },
    ],
  },
  {
    code: 'CA', name: 'Canada', weight: 8, language: 'en', locale: [en_CA, en, base],
    tlds: ['ca', 'com'], suffixes: ['Inc.', 'Ltd.', 'Corp.'],
    phone: ['+1', [3, 3, 4]],
    regions: [
      { name: 'Ontario', code: 'ON', cities: ['Toronto', 'Ottawa', 'Waterloo'] },
      { name: 'Quebec', code: 'QC', cities: ['Montréal', 'Québec'] },
      { name: 'British Columbia', code: 'BC', cities: ['Vancouver', 'Victoria'] },
      { name: 'Alberta', code: 'AB', cities: ['Calgary', 'Edmonton'] },
    ],
  },
  {
    code: 'NL', name: 'Netherlands', weight: 6, language: 'nl', locale: [nl, en, base],
    tlds: ['nl', 'nl', 'com'], suffixes: ['B.V.', 'BV', 'Group'],
    phone: ['+31', [2, 3, 4]],
    regions: [
      { name: 'Noord-Holland', code: 'NH', cities: ['Amsterdam', 'Haarlem'] },
      { name: 'Zuid-Holland', code: 'ZH', cities: ['Rotterdam', 'Den Haag', 'Leiden'] },
      { name: 'Utrecht', code: 'UT', cities: ['Utrecht'] },
      { name: 'Noord-Brabant', code: 'NB', cities: ['Eindhoven'] },
    ],
  },
  {
    code: 'IN', name: 'India', weight: 6, language: 'en', locale: [en_IN, en, base],
    tlds: ['in', 'co.in', 'com'], suffixes: ['Ltd', 'Ltd.'],
    phone: ['+91', [2, 4, 4]],
    regions: [
      { name: 'Maharashtra', code: 'MH', cities: ['Mumbai', 'Pune'] },
      { name: 'Karnataka', code: 'KA', cities: ['Bengaluru', 'Mysuru'] },
      { name: 'Delhi', code: 'DL', cities: ['New Delhi'] },
      { name: 'Tamil Nadu', code: 'TN', cities: ['Chennai', 'Coimbatore'] },
      { name: 'Telangana', code: 'TG', cities: ['Hyderabad'] },
    ],
  },
];
