import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';

/**
 * A street and a city of their own for each run: the suites share the database and never clean up, and a rerun must
 * not meet its twins (past the bound of persons a blocking key keeps, a key stops finding anyone).
 */
const syllables = () => Array.from({ length: 3 }, () => ['ka', 'lo', 'mi', 'ren', 'do', 'vas', 'tel', 'bur', 'sin', 'ge'][randomInt(10)]).join('');
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

describe.each(MODES)('person.enrich by name and address despite errors (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const street = `${capitalised(syllables())}wood`;
  const city = `${capitalised(syllables())}field`;
  const number = String(randomInt(100, 999));
  const postalCode = String(randomInt(10_000, 99_999));
  const home = { label: 'home', addressLine1: `${number} ${street} Road`, city, region: 'Oregon', regionCode: 'OR', postalCode, country: 'United States', countryCode: 'US' };
  const katherine = newPerson({
    fullName: 'Katherine De Little',
    details: { name: { given: 'Katherine', family: 'De Little', full: 'Katherine De Little' }, locations: [home] },
  });
  const enrich = (name: object, location: object, confidence = 'HIGH') =>
    kith.client.v3('person.enrich', { name, location: { ...home, ...location }, confidence }, { key: account.key });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
    await loadPersons(kith, [katherine]);
  });
  afterAll(() => kith?.stop());

  const transposed = (value: string, at: number) => value.slice(0, at) + value[at + 1] + value[at] + value.slice(at + 2);

  it.each([
    ['exactly as imported', { given: 'Katherine', family: 'De Little' }, {}],
    ['a transposition in the family name', { given: 'Katherine', family: 'De Litlte' }, {}],
    ['a keyboard typo in the given name', { given: 'Katherinr', family: 'De Little' }, {}],
    ['a phonetic misspelling', { given: 'Catherine', family: 'De Little' }, {}],
    ['an OCR error', { given: 'Katherine', family: 'De Litt1e' }, {}],
    ['given and family swapped', { given: 'De Little', family: 'Katherine' }, {}],
    ['the family name joined', { full: 'Katherine Delittle' }, {}],
    ['the family name split where it is not', { full: 'Katherine De Lit tle' }, {}],
    ['a nickname', { given: 'Kate', family: 'De Little' }, {}],
    ['an initial', { given: 'K', family: 'De Little' }, {}],
    ['the given name alone, written in full', { full: 'Katherine' }, {}],
    ['the street abbreviated', { full: 'Katherine De Little' }, { addressLine1: `${number} ${street} Rd` }],
    ['no street number', { full: 'Katherine De Little' }, { addressLine1: `${street} Road` }],
    ['transposed digits in the street number', { full: 'Katherine De Little' }, { addressLine1: `${transposed(number, 1)} ${street} Road` }],
    ['transposed digits in the postal code', { full: 'Katherine De Little' }, { postalCode: transposed(postalCode, 2) }],
    ['a typo in the city and no postal code', { full: 'Katherine De Little' }, { city: transposed(city, city.length - 5), postalCode: null }],
    ['the region as its code only', { full: 'Katherine De Little' }, { region: null, regionCode: 'OR' }],
    ['the city replaced by another', { full: 'Katherine De Little' }, { city: 'Salem' }],
    ['three errors at once', { given: 'Catherine', family: 'Delitle' }, { addressLine1: `${street} Rd` }],
  ])('finds the person with %s', async (_, name, location) => {
    const answer = await enrich(name, location);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fullName).toBe(katherine.fullName);
    expect(answer.body.match.probability).toBeGreaterThanOrEqual(0.85);
  });

  it('explains the match: its probability, the prior, and each field’s level and weight', async () => {
    const answer = await enrich({ given: 'Katherine', family: 'De Litlte' }, { addressLine1: `${street} Road` });
    const [nameAddress] = answer.body.match.evidence;
    expect(nameAddress).toMatchObject({ evidence: 'name_address', swap: 0 });
    expect(Object.fromEntries(nameAddress.fields.map((field: { field: string; level: string }) => [field.field, field.level]))).toEqual({
      given: 'exact',
      family: 'close',
      number: 'missing',
      street: 'exact',
      city: 'exact',
      postcode: 'exact',
      region: 'exact',
    });
    const total = answer.body.match.prior + answer.body.match.evidence.reduce((sum: number, item: { weight: number }) => sum + item.weight, 0);
    expect(answer.body.match.weight).toBeCloseTo(total, 1);
    expect(answer.body.match.model).toEqual(expect.any(String));
  });

  it('finds the street on the second line, a building’s name on the first, and carries it to the worker', async () => {
    const answer = await enrich({ given: 'Katherine', family: 'De Little' }, { addressLine1: 'Rosetta House', addressLine2: `${number} ${street} Road` });
    expect(answer.status, answer.text).toBe(200);
    const streetField = answer.body.match.evidence[0].fields.find((field: { field: string }) => field.field === 'street');
    expect(streetField).toMatchObject({ level: 'exact' });
  });

  it('does not answer a household member, nor a namesake elsewhere, as the person', async () => {
    expect((await enrich({ given: 'Stanislaw', family: 'De Little' }, {})).status).toBe(404);
    const elsewhere = { addressLine1: '4 Elm Street', city: 'Boston', region: 'Massachusetts', regionCode: 'MA', postalCode: '02110' };
    expect((await enrich({ given: 'Katherine', family: 'De Little' }, elsewhere)).status).toBe(404);
    expect((await enrich({ given: 'Katherine', family: 'De Little' }, elsewhere, 'LOW')).status).toBe(404);
  });

  it('asks more of each level than of the one below: an initial, no street number and another postal code', async () => {
    const statuses = [];
    for (const level of ['LOW', 'MED', 'HIGH', 'MAX']) {
      statuses.push((await enrich({ given: 'K', family: 'De Little' }, { addressLine1: `${street} Road`, postalCode: '97301' }, level)).status);
    }
    expect(statuses).toEqual([200, 404, 404, 404]);
  });
});
