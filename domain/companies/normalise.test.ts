import { describe, expect, it } from 'vitest';
import { normaliseDomain } from '../../schemas/formats/domain-name.ts';
import { companyNameKey, placeKey } from './normalise.ts';

describe('normaliseDomain', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['ACME.COM', 'acme.com'],
    ['  www.acme.com  ', 'acme.com'],
    ['https://www.Acme.com:443/about?x=1#team', 'acme.com'],
    ['http://acme.co.uk/path', 'acme.co.uk'],
    ['acme.com.', 'acme.com'],
    ['acme.com:8080', 'acme.com'],
    ['shop.acme.com', 'shop.acme.com'],
    ['www.com', 'www.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
  ])('%s is %s', (input, domain) => {
    expect(normaliseDomain(input)).toBe(domain);
  });

  it.each(['', 'fullcontact', 'localhost', '127.0.0.1', 'http://[::1]/', 'john@acme.com', 'acme .com', '-acme.com', 'acme.c0m', 'acme..com'])(
    '%j is not a domain',
    (input) => {
      expect(normaliseDomain(input)).toBeUndefined();
    },
  );
});

describe('companyNameKey', () => {
  it.each([
    ['Acme, Inc.', 'acme'],
    ['Acme Inc', 'acme'],
    ['ACME LLC', 'acme'],
    ['Acme Software Ltd.', 'acme software'],
    ['Müller Logistik GmbH', 'muller logistik'],
    ['Société Générale S.A.', 'societe generale'],
    ['Brightwave Corp', 'brightwave'],
    ['Brightwave Corporation', 'brightwave'],
    ['Brightwave Co.', 'brightwave'],
    ['Brightwave Company', 'brightwave'],
    ['Blue Harbor AG', 'blue harbor'],
    ['Blue Harbor PLC', 'blue harbor'],
    ['Smith & Jones LLP', 'smith jones'],
    ['Atelier SAS', 'atelier'],
    ['Atelier SARL', 'atelier'],
    ['Vandenberg B.V.', 'vandenberg'],
    ['Vandenberg BV', 'vandenberg'],
    ['Nexus Group', 'nexus'],
    ["O'Neil Hotels", 'oneil hotels'],
    ['Ørsted', 'orsted'],
    ['Straße Bau', 'strasse bau'],
    ['Hewlett-Packard', 'hewlett packard'],
  ])('%s is %j', (name, key) => {
    expect(companyNameKey(name)).toBe(key);
  });

  it('keeps the common words of a name made only of them', () => {
    expect(companyNameKey('Group')).toBe('group');
    expect(companyNameKey('The Company')).toBe('the');
    expect(companyNameKey('Company Inc.')).toBe('company inc');
  });
});

describe('placeKey', () => {
  it('folds case, accents and punctuation', () => {
    expect(placeKey('Île-de-France')).toBe('ile de france');
    expect(placeKey('  MÜNCHEN ')).toBe('munchen');
    expect(placeKey("Provence-Alpes-Côte d'Azur")).toBe('provence alpes cote d azur');
  });
});
