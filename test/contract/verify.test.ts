import { hash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson, uniquePhone } from '../support/persons.ts';

const emailOf = (person: PersonRecord) => person.details.emails[0]!.value;
const phoneOf = (person: PersonRecord) => person.details.phones[0]!.value;
const DAY_MS = 86_400_000;
const isoDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
const atMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe.each(MODES)('verify.match, verify.signals, verify.activity (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  // Ada and Grace share a home (a household) and a family name; Eve lives elsewhere.
  const ada = newPerson();
  const home = ada.details.locations[0]!;
  const grace = newPerson({
    details: { name: { given: `Grace${ada.id.slice(5)}`, family: 'Lovelace', full: `Grace ${ada.id.slice(5)} Lovelace` }, locations: [home] },
  });
  const eve = newPerson({ details: { locations: [{ ...home, addressLine1: `1 Elsewhere ${ada.id} Road` }] } });
  // Max holds two emails and two phones.
  const max = newPerson();
  max.details.emails.push({ value: `second.${max.id}@example.net`, label: 'work' });
  max.details.phones.push({ value: uniquePhone(), label: 'work' });
  const verify = (operation: string, body: unknown) => kith.client.v3(`verify.${operation}`, body, { key: account.key });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
    await loadPersons(kith, [ada, grace, eve, max]);
  });
  afterAll(() => kith?.stop());

  describe('verify.match', () => {
    it("answers self for everything that is the person's own, and no risk", async () => {
      const answer = await verify('match', {
        email: emailOf(ada),
        phone: phoneOf(ada),
        maids: [ada.details.identifiers.maids[0]!.id],
        profiles: [{ service: 'twitter', username: ada.details.profiles.twitter!.username }],
        li_nonid: ada.details.identifiers.li_nonid[0],
        name: { given: ada.details.name!.given, family: ada.details.name!.family },
        location: { addressLine1: home.addressLine1, city: home.city, regionCode: home.regionCode, postalCode: home.postalCode, country: 'united states' },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({
        city: 'self',
        region: 'self',
        country: 'self',
        postalCode: 'self',
        familyName: 'self',
        givenName: 'self',
        phone: 'self',
        email: 'self',
        continent: true,
        maid: true,
        social: true,
        nonId: true,
        risk: 0,
      });
    });

    it("tells a household member's phone and given name from a stranger's and from nobody's", async () => {
      const household = await verify('match', { email: emailOf(ada), phone: phoneOf(grace) });
      expect(household.body).toMatchObject({ email: 'self', phone: 'household', givenName: 'unknown', maid: false, risk: 0.5 });

      const tangled = await verify('match', { email: emailOf(ada), phone: phoneOf(eve) });
      expect(tangled.body).toMatchObject({ email: 'self', phone: 'tangled', risk: 0.5 });

      const nobody = await verify('match', { email: emailOf(ada), phones: [uniquePhone()] });
      expect(nobody.body).toMatchObject({ email: 'self', phone: 'unknown' });

      const graceName = await verify('match', {
        email: emailOf(ada),
        name: { given: grace.details.name!.given, family: grace.details.name!.family },
        location: { addressLine1: home.addressLine1, postalCode: home.postalCode },
      });
      expect(graceName.body).toMatchObject({ email: 'self', givenName: 'household', familyName: 'self', postalCode: 'self', city: 'unknown' });
      expect(graceName.body.risk).toBeCloseTo(1 / 4, 3);
    });

    it('answers self for several identifiers of one type only when all are the person’s, whatever their order', async () => {
      const all = (values: { value: string | null }[]) => values.map(({ value }) => value!);
      const both = await verify('match', { emails: all(max.details.emails), phones: all(max.details.phones) });
      expect(both.body).toMatchObject({ email: 'self', phone: 'self', risk: 0 });
      const maids = await verify('match', { email: emailOf(ada), maids: ada.details.identifiers.maids.map(({ id }) => id) });
      expect(maids.body).toMatchObject({ email: 'self', maid: true, risk: 0 });

      // One email nobody holds beside the person's own: not all of them are the person's, first or last.
      for (const emails of [[emailOf(ada), 'nobody-verify-2@example.org'], ['nobody-verify-2@example.org', emailOf(ada)]]) {
        const answer = await verify('match', { emails, phone: phoneOf(ada) });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body, emails.join()).toMatchObject({ email: 'unknown', phone: 'self', risk: 0.5 });
      }
      // A housemate's phone beside the person's own: household, the less reassuring of the two.
      const housemate = await verify('match', { email: emailOf(ada), phones: [phoneOf(ada), phoneOf(grace)] });
      expect(housemate.body).toMatchObject({ email: 'self', phone: 'household', risk: 0.5 });
      // A stranger's phone beside a housemate's: tangled wins over household.
      const stranger = await verify('match', { email: emailOf(ada), maids: [ada.details.identifiers.maids[0]!.id], phones: [phoneOf(grace), phoneOf(eve)] });
      expect(stranger.status, stranger.text).toBe(200);
      expect(stranger.body).toMatchObject({ email: 'self', phone: 'tangled', maid: true });
      // A MAID nobody holds beside the person's: maid is false.
      const maid = await verify('match', { email: emailOf(ada), maids: [ada.details.identifiers.maids[0]!.id, crypto.randomUUID()] });
      expect(maid.body).toMatchObject({ email: 'self', maid: false, risk: 0.5 });
    });

    it('answers 404 when the query names nobody, and 400 naming the field for bad input', async () => {
      const unknown = await verify('match', { email: 'nobody-verify@example.org' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Profile not found');
      const bad = await verify('match', { emails: ['not an email'] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('emails[0]');
    });
  });

  describe('on generated data', () => {
    // The generator's households (people at one address) and conflicting identifiers (a phone on two people).
    const generated = [...generatePersons({ count: 400, seed: 77 })];
    const addressOf = (person: PersonRecord) => JSON.stringify(person.details.locations[0]);
    const [member, housemate] = generated.flatMap((person, index) => {
      const other = generated.slice(index + 1).find((candidate) => addressOf(candidate) === addressOf(person));
      return other ? [person, other] : [];
    }) as [PersonRecord, PersonRecord];
    const phoneHolders = new Map<string, PersonRecord[]>();
    for (const person of generated) for (const { value } of person.details.phones) phoneHolders.set(value!, [...(phoneHolders.get(value!) ?? []), person]);
    const [sharedPhone, holders] = [...phoneHolders].find(([, persons]) => persons.length > 1 && addressOf(persons[0]!) !== addressOf(persons[1]!))!;
    const outsider = generated.find((person) => !holders.includes(person) && addressOf(person) !== addressOf(holders[0]!))!;
    beforeAll(() => loadPersons(kith, generated));

    it("answers household for a housemate's phone, tangled for a phone on somebody else, self for a shared one held", async () => {
      const household = await verify('match', { email: emailOf(member), phone: phoneOf(housemate) });
      expect(household.body).toMatchObject({ email: 'self', phone: 'household' });
      const tangled = await verify('match', { email: emailOf(outsider), phone: sharedPhone });
      expect(tangled.body).toMatchObject({ email: 'self', phone: 'tangled', risk: 0.5 });
      const held = await verify('match', { email: emailOf(holders[0]!), phone: sharedPhone });
      expect(held.body).toMatchObject({ email: 'self', phone: 'self', risk: 0 });
    });
  });

  describe('verify.signals', () => {
    it("lists the person's identifiers with when the imports saw them, an import on a later date counting once more", async () => {
      const person = newPerson({ updated: '2026-01-15' });
      await loadPersons(kith, [person]);
      await loadPersons(kith, [{ ...person, updated: '2026-06-01' }]);
      await loadPersons(kith, [{ ...person, updated: '2026-06-01' }]); // the same record again: no new observation

      const answer = await verify('signals', { email: emailOf(person) });
      expect(answer.status, answer.text).toBe(200);
      const plain = emailOf(person).toLowerCase();
      const twice = { firstSeenMs: atMidnight('2026-01-15'), lastSeenMs: atMidnight('2026-06-01'), observations: 2, confidence: 0.75 };
      expect(answer.body.emails).toEqual([
        { md5: hash('md5', plain, 'hex'), sha1: hash('sha1', plain, 'hex'), sha256: hash('sha256', plain, 'hex'), ...twice },
      ]);
      expect(answer.body.phones).toEqual([{ label: 'mobile', value: phoneOf(person), ...twice }]);
      expect(answer.body.maids).toEqual(person.details.identifiers.maids.map(({ id, type }) => ({ id, type, ...twice })));
      expect(answer.body.nonIds).toEqual([{ id: person.details.identifiers.li_nonid[0], ...twice }]);
      expect(answer.body).toMatchObject({
        personIds: [expect.any(String)],
        name: { givenName: person.details.name!.given, familyName: 'Lovelace' },
        panoIds: [],
        ipAddresses: [],
        socialProfiles: { twitterUrl: expect.stringContaining('twitter.com/'), linkedInUrl: null },
        demographics: { ageRange: '30-39', gender: 'Female', locationFormatted: 'Portland, Oregon, United States' },
        employment: { current: true, company: 'Analytical Engines LLC', title: 'Engineer' },
      });
      const enriched = await kith.client.v3('person.enrich', { email: emailOf(person) }, { key: account.key });
      expect(answer.body.personIds).toEqual(enriched.body.details.identifiers.personIds);
    });

    it('gives no clear phone numbers to a query by hashed email', async () => {
      const answer = await verify('signals', { email: hash('sha256', emailOf(ada).toLowerCase(), 'hex') });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.phones).toEqual([expect.objectContaining({ label: 'mobile', value: null })]);
    });
  });

  describe('verify.activity', () => {
    it('scores recency in 0..1, halving yearly, and the scores follow the dates in the data', async () => {
      const twoYearsAgo = isoDay(730 * DAY_MS);
      const person = newPerson({ updated: twoYearsAgo });
      await loadPersons(kith, [person]);
      const before = await verify('activity', { email: emailOf(person) });
      expect(before.status, before.text).toBe(200);
      for (const channel of ['emails', 'online', 'social', 'employment']) expect(before.body[channel]).toBeCloseTo(0.25, 2);

      await loadPersons(kith, [{ ...person, updated: isoDay(0), details: { ...person.details, employment: [] } }]);
      // Another writing of the same query: an identical one could be answered from a kept reply.
      const after = await verify('activity', { emails: [emailOf(person)] });
      expect(after.body).toEqual({ emails: expect.closeTo(1, 2), online: expect.closeTo(1, 2), social: expect.closeTo(1, 2), employment: 0 });
    });
  });
});
