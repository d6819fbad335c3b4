import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../support/client.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { namesakesInTwoTowns, newEmail, newIndividual, recordOf, type RecordLine } from '../support/graph-records.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

/** The clear emails of a person.enrich answer, sorted. */
const emailsOf = (answer: Answer) => answer.body.details.emails.map((email: { value: string }) => email.value).sort();

describe.each(MODES)('the identity graph over HTTP (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const enrich = (body: unknown) => kith.client.v3('person.enrich', body, { key: account.key });
  const personIdBy = async (email: string) => {
    const answer = await enrich({ email });
    expect(answer.status, `${email}: ${answer.text}`).toBe(200);
    return answer.body.details.identifiers.personIds[0] as string;
  };
  const postPersons = (source: string, records: RecordLine[]) =>
    kith.client.request('POST', `/admin/persons?source=${encodeURIComponent(source)}`, {
      headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'application/x-ndjson' },
      body: records.map((record) => JSON.stringify(record)).join('\n'),
    });
  /** The admin import of one source, resolved before it answers (the identity worker may have resolved some first). */
  const importSource = async (source: string, records: RecordLine[]) => {
    const answer = await postPersons(source, records);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ rejectedCount: 0, resolution: { resolved: expect.any(Number), merged: expect.any(Number), split: expect.any(Number), moved: expect.any(Number) } });
  };

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it("answers one person from two sources' records of it: emails united, single values from the newer record", async () => {
    const ada = newIndividual();
    const tag = randomBytes(6).toString('hex');
    const [shared, crmOnly, partnerOnly] = [newEmail('shared'), newEmail('crm'), newEmail('partner')];
    // The newer record is imported first: the single values are the newer record's, not the last imported.
    await importSource('partner', [recordOf(ada, `partner-${tag}`, [shared, partnerOnly], { updated: '2026-03-01', title: 'Director', organization: 'New Org' })]);
    await importSource('crm', [recordOf(ada, `crm-${tag}`, [shared, crmOnly], { updated: '2025-02-01', title: 'Engineer', organization: 'Old Org' })]);

    for (const confidence of ['HIGH', 'MAX']) {
      for (const email of [shared, crmOnly, partnerOnly]) {
        const answer = await enrich({ email, confidence });
        expect(answer.status, `${confidence} ${email}: ${answer.text}`).toBe(200);
        expect(answer.body).toMatchObject({ fullName: `${ada.given} ${ada.family}`, title: 'Director', organization: 'New Org', updated: '2026-03-01' });
        expect(emailsOf(answer)).toEqual([shared, crmOnly, partnerOnly].sort());
      }
    }
    const { addressLine1, postalCode } = ada.home;
    const byAddress = await enrich({ name: { given: ada.given, family: ada.family }, location: { addressLine1, postalCode } });
    expect(byAddress.status, byAddress.text).toBe(200);
    expect(byAddress.body.details.identifiers.personIds).toEqual([await personIdBy(shared)]);
  });

  it('joins a record of the home that gives no given name to the person whose mobile it holds; a landline is the household\'s', async () => {
    const tag = randomBytes(6).toString('hex');
    // British numbers, whose plan tells a mobile from a landline: all of 07712 is mobiles', all of 0115 9 landlines'.
    const [mobile, landline] = [`+44 7712 ${randomInt(100_000, 999_999)}`, `+44 115 9${randomInt(100_000, 999_999)}`];
    const withPhone = (line: RecordLine, phone: string, label: string): RecordLine => ({ ...line, details: { ...line.details, phones: [{ value: phone, label }] } });
    /** The person's record, and another source's of the same home and family name with no given name, both with the phone. */
    const twoRecords = async (phone: string, label: string) => {
      const person = newIndividual();
      const [full, nameless] = [newEmail('full'), newEmail('nameless')];
      await importSource('crm', [withPhone(recordOf(person, `crm-${label}-${tag}`, [full]), phone, label)]);
      const familyOnly = { ...recordOf({ ...person, given: '' }, `calls-${label}-${tag}`, [nameless]), fullName: person.family };
      await importSource('calls', [withPhone(familyOnly, phone, label)]);
      return [await personIdBy(full), await personIdBy(nameless)];
    };
    const [byMobile, itsPerson] = await twoRecords(mobile, 'mobile');
    expect(byMobile).toBe(itsPerson);
    const [byLandline, householdPerson] = await twoRecords(landline, 'home');
    expect(byLandline).not.toBe(householdPerson);
  });

  it('keeps the same record id in two sources two records, of two persons', async () => {
    const id = `x-${randomBytes(6).toString('hex')}`;
    const [personA, personB] = [newIndividual(), newIndividual('seattle')];
    const [emailA, emailB] = [newEmail('a'), newEmail('b')];
    await importSource('a', [recordOf(personA, id, [emailA])]);
    await importSource('b', [recordOf(personB, id, [emailB])]);

    const [asA, asB] = [await enrich({ email: emailA }), await enrich({ email: emailB })];
    expect(asA.body.fullName, asA.text).toBe(`${personA.given} ${personA.family}`);
    expect(asB.body.fullName, asB.text).toBe(`${personB.given} ${personB.family}`);
    expect(asA.body.details.identifiers.personIds).not.toEqual(asB.body.details.identifiers.personIds);
  });

  it('replaces a record imported again in the same source', async () => {
    const ada = newIndividual();
    const id = `crm-${randomBytes(6).toString('hex')}`;
    const [before, after] = [newEmail('before'), newEmail('after')];
    await importSource('crm', [recordOf(ada, id, [before])]);
    expect((await enrich({ email: before })).status).toBe(200);
    await importSource('crm', [recordOf(ada, id, [after])]);

    expect((await enrich({ email: before })).status).toBe(404);
    const answer = await enrich({ email: after });
    expect(answer.status, answer.text).toBe(200);
    expect(emailsOf(answer)).toEqual([after]);
  });

  it('merges the persons a record links, and the merged-away id answers as the survivor', async () => {
    const { inPortland, inSeattle } = namesakesInTwoTowns();
    const tag = randomBytes(6).toString('hex');
    const [e1, e2] = [newEmail('first'), newEmail('second')];
    await importSource('a', [recordOf(inPortland, `a-${tag}`, [e1])]);
    await importSource('b', [recordOf(inSeattle, `b-${tag}`, [e2])]);
    const [first, second] = [await personIdBy(e1), await personIdBy(e2)];
    expect(second, 'namesakes in two towns are two persons').not.toBe(first);

    // Both emails on one record of that name: one person, under the first's id (the older of two of one record each).
    await importSource('c', [recordOf({ given: inPortland.given, family: inPortland.family }, `c-${tag}`, [e1, e2])]);
    expect(await personIdBy(e1)).toBe(first);
    expect(await personIdBy(e2)).toBe(first);

    const merged = await enrich({ personId: second });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.details.identifiers.personIds).toEqual([first]);
    expect(emailsOf(merged)).toEqual([e1, e2].sort());
    expect(merged.body.details.locations.map((item: { city: string }) => item.city).sort()).toEqual(['Portland', 'Seattle']);
  });

  it.each(['Bad Name', 'CRM', '', '-crm', 'c'.repeat(65)])('refuses ?source=%j with 400 naming source, and imports nothing', async (source) => {
    const email = newEmail('refused');
    const answer = await postPersons(source, [recordOf(newIndividual(), `r-${randomBytes(6).toString('hex')}`, [email])]);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, message: expect.stringContaining('source') });
    expect((await enrich({ email })).status).toBe(404);
  });
});
