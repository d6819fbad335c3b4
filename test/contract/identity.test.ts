import { hash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';

const emailOf = (person: PersonRecord) => person.details.emails[0]!.value;
const newRecordId = () => `crm-${randomUUID()}`;
const PERSON_ID = /^[A-Za-z0-9_-]{22}$/;

describe.each(MODES)('identity records (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let other: TestAccount;
  const ada = newPerson();
  const call = (operation: string, body: unknown, options: { key?: string; query?: string } = {}) =>
    kith.client.v3(operation, body, { key: options.key ?? account.key, query: options.query });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    [account, other] = await Promise.all([createAccount(kith), createAccount(kith)]);
    await loadPersons(kith, [ada]);
  });
  afterAll(() => kith?.stop());

  it('maps a record to the person its identifiers name, and resolves it every way', async () => {
    const recordId = newRecordId();
    const partnerId = `partner-${randomUUID()}`;
    const mapped = await call('identity.map', { recordId, partnerId, emails: [emailOf(ada)], tags: [{ key: 'segment', value: 'gold' }] });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body).toEqual({ recordIds: [recordId], tags: [{ key: 'segment', value: 'gold' }] });

    const byRecord = await call('identity.resolve', { recordId });
    expect(byRecord.status, byRecord.text).toBe(200);
    expect(byRecord.body).toEqual({ recordIds: [recordId], personIds: [expect.stringMatching(PERSON_ID)], partnerIds: [partnerId] });
    const [personId] = byRecord.body.personIds;

    for (const query of [
      { email: emailOf(ada).toUpperCase() },
      { emails: [hash('sha256', emailOf(ada), 'hex')] },
      { phones: [ada.details.phones[0]!.value] },
      { personId },
      { partnerId },
    ]) {
      const resolved = await call('identity.resolve', query);
      expect(resolved.status, `${JSON.stringify(query)}: ${resolved.text}`).toBe(200);
      expect(resolved.body).toEqual({ recordIds: [recordId], personIds: [personId], partnerIds: [partnerId] });
    }
  });

  it('adds tags keyed by recordId with ?tags=true, in any case, and omits them otherwise', async () => {
    const recordId = newRecordId();
    await call('identity.map', { recordId, emails: [`tags-${randomUUID()}@example.org`], tags: [{ key: 'k', value: 'v1' }, { key: 'k', value: 'v2' }] });
    for (const query of ['?tags=true', '?tags=True']) {
      const resolved = await call('identity.resolve', { recordId }, { query });
      expect(resolved.body.tags).toEqual({ [recordId]: [{ key: 'k', value: 'v1' }, { key: 'k', value: 'v2' }] });
    }
    expect((await call('identity.resolve', { recordId }, { query: '?tags=False' })).body).not.toHaveProperty('tags');
    expect((await call('identity.resolve', { recordId })).body).not.toHaveProperty('tags');
  });

  it('keeps a record no person matches in a person of its own, found by its own identifiers', async () => {
    const recordId = newRecordId();
    const email = `unknown-${randomUUID()}@example.org`;
    expect((await call('identity.map', { recordId, email })).status).toBe(200);
    expect((await call('identity.resolve', { email })).body).toEqual({ recordIds: [recordId], personIds: [expect.stringMatching(PERSON_ID)], partnerIds: [] });
    expect(await call('identity.resolve', { email: `nobody-${randomUUID()}@example.org` })).toMatchObject({
      status: 404,
      body: { status: 404, message: 'No records found for identifier: the given identifiers' },
    });
  });

  it('mapping a record again replaces its identifiers and partner id', async () => {
    const recordId = newRecordId();
    const first = `first-${randomUUID()}@example.org`;
    const second = `second-${randomUUID()}@example.org`;
    await call('identity.map', { recordId, email: first, partnerId: `p-${randomUUID()}` });
    const [personId] = (await call('identity.resolve', { recordId })).body.personIds;
    await call('identity.map', { recordId, email: second });
    expect((await call('identity.resolve', { email: first })).status).toBe(404);
    // Alone in its person, it keeps the person's id.
    expect((await call('identity.resolve', { email: second })).body).toEqual({ recordIds: [recordId], personIds: [personId], partnerIds: [] });
  });

  it('identity.mapResolve maps and answers as identity.resolve, with the other records of the person', async () => {
    const earlier = newRecordId();
    await call('identity.map', { recordId: earlier, phones: [ada.details.phones[0]!.value] });
    const recordId = newRecordId();
    const answer = await call('identity.mapResolve', { recordId, emails: [emailOf(ada)] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.recordIds).toEqual(expect.arrayContaining([earlier, recordId]));
    expect(answer.body.personIds).toEqual([expect.stringMatching(PERSON_ID)]);
  });

  it('identity.mapResolve adds the tags of every record it answers with ?tags=true, and omits them otherwise', async () => {
    const person = newPerson();
    await loadPersons(kith, [person]);
    const earlier = newRecordId();
    await call('identity.map', { recordId: earlier, phones: [person.details.phones[0]!.value], tags: [{ key: 'tier', value: 'silver' }] });
    const recordId = newRecordId();
    const body = { recordId, emails: [emailOf(person)], tags: [{ key: 'tier', value: 'gold' }, { key: 'source', value: 'web' }] };
    const answer = await call('identity.mapResolve', body, { query: '?tags=true' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.recordIds.sort()).toEqual([earlier, recordId].sort());
    expect(answer.body.tags).toEqual({
      [earlier]: [{ key: 'tier', value: 'silver' }],
      [recordId]: expect.arrayContaining([{ key: 'tier', value: 'gold' }, { key: 'source', value: 'web' }]),
    });
    expect(answer.body.tags[recordId]).toHaveLength(2);
    const without = await call('identity.mapResolve', body);
    expect(without.status, without.text).toBe(200);
    expect(without.body).not.toHaveProperty('tags');
  });

  it("identity.mapResolve shows another account none of this account's records, tags or person ids", async () => {
    const person = newPerson();
    await loadPersons(kith, [person]);
    const recordId = newRecordId();
    const mine = await call('identity.mapResolve', { recordId, emails: [emailOf(person)], tags: [{ key: 'owner', value: 'mine' }] }, { query: '?tags=true' });
    expect(mine.status, mine.text).toBe(200);
    const [personId] = mine.body.personIds;

    // The other account, by the same email and even the same recordId, sees and changes only its own.
    expect((await call('identity.resolve', { recordId }, { key: other.key })).status).toBe(404);
    const otherRecordId = newRecordId();
    const theirs = await call('identity.mapResolve', { recordId: otherRecordId, emails: [emailOf(person)] }, { key: other.key, query: '?tags=true' });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toEqual({ recordIds: [otherRecordId], personIds: [expect.stringMatching(PERSON_ID)], partnerIds: [], tags: { [otherRecordId]: [] } });
    expect(theirs.body.personIds[0]).not.toBe(personId);
    const sameId = await call('identity.mapResolve', { recordId, emails: [emailOf(person)], tags: [{ key: 'owner', value: 'theirs' }] }, { key: other.key, query: '?tags=true' });
    expect(sameId.status, sameId.text).toBe(200);
    expect(sameId.body.tags[recordId]).toEqual([{ key: 'owner', value: 'theirs' }]);
    expect(JSON.stringify(sameId.body)).not.toContain('mine');
    expect(sameId.body.personIds).toEqual(theirs.body.personIds);

    // This account's record is as it was.
    const again = await call('identity.resolve', { recordId }, { query: '?tags=true' });
    expect(again.body).toEqual({ recordIds: [recordId], personIds: [personId], partnerIds: [], tags: { [recordId]: [{ key: 'owner', value: 'mine' }] } });
  });

  it('takes a tag value of 500 characters', async () => {
    const recordId = newRecordId();
    const value = 'v'.repeat(500);
    const mapped = await call('identity.map', { recordId, email: `long-${randomUUID()}@example.org`, tags: [{ key: 'long', value }] });
    expect(mapped.status, mapped.text).toBe(200);
    expect((await call('tags.get', { recordId })).body.tags).toEqual([{ key: 'long', value }]);
  });

  it('answers 400 naming tags for identity.resolve tags nested 20,000 deep, and keeps answering', async () => {
    // Was a 500, "Maximum call stack size exceeded": every walk of the body recursed into it.
    const tags = '['.repeat(20_000) + ']'.repeat(20_000);
    const answer = await kith.client.v3('identity.resolve', undefined, { key: account.key, raw: `{"recordId":"${newRecordId()}","tags":${tags}}` });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toBe(`Invalid request: tags${'[0]'.repeat(31)}: nested deeper than the limit of 32 levels`);
    expect((await call('identity.resolve', { recordId: newRecordId() })).status).toBe(404);
  });

  it('refuses a recordId holding a lone UTF-16 surrogate with 400 naming it, rather than folding it into U+FFFD', async () => {
    // "sur\ud800x" and "sur\udfffx" were stored as one record, both written "sur\ufffdx".
    const email = `surrogate-${randomUUID()}@example.org`;
    for (const escape of ['\\ud800', '\\udfff']) {
      const raw = `{"recordId":"sur${escape}x","email":"${email}"}`;
      const answer = await kith.client.v3('identity.map', undefined, { key: account.key, raw });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toBe('Invalid request: recordId: must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)');
    }
    const paired = await call('identity.map', { recordId: `sur\u{1F600}x-${randomUUID()}`, email });
    expect(paired.status, paired.text).toBe(200);
  });

  it('refuses a body that is not valid UTF-8 with 400, rather than reading U+FFFD in place of its bytes', async () => {
    // The bytes 0xFF and 0xFE are no UTF-8: both were read as U+FFFD, and "sur\xffx" and "sur\xfex" were one record.
    const email = `bad-utf8-${randomUUID()}@example.org`;
    for (const byte of [0xff, 0xfe]) {
      const body = Buffer.concat([Buffer.from('{"recordId":"sur'), Buffer.from([byte]), Buffer.from(`x","email":"${email}"}`)]);
      const response = await fetch(`${kith.client.url}/v3/identity.map`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${account.key}`, 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, message: 'Request body is not valid UTF-8' });
    }
  });

  it('refuses a partnerId that is another record of the account with 409', async () => {
    const partnerId = `partner-${randomUUID()}`;
    await call('identity.map', { recordId: newRecordId(), email: `a-${randomUUID()}@example.org`, partnerId });
    const clash = await call('identity.map', { recordId: newRecordId(), email: `b-${randomUUID()}@example.org`, partnerId });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.body.message).toContain('partnerId');
  });

  it('places maps made at once as if made one after another', async () => {
    const person = newPerson();
    await loadPersons(kith, [person]);
    const shared = `shared-${randomUUID()}@example.org`;
    const [kithRecord, first, second, alone] = [newRecordId(), newRecordId(), newRecordId(), newRecordId()];
    const mapped = await Promise.all([
      call('identity.map', { recordId: kithRecord, email: emailOf(person) }),
      call('identity.map', { recordId: first, email: shared }),
      call('identity.map', { recordId: second, emails: [shared, `second-${randomUUID()}@example.org`] }),
      call('identity.map', { recordId: alone, email: `alone-${randomUUID()}@example.org` }),
    ]);
    expect(mapped.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const personOf = async (recordId: string) => (await call('identity.resolve', { recordId })).body.personIds[0] as string;
    const [kithPerson, firstPerson, secondPerson, alonePerson] = await Promise.all([kithRecord, first, second, alone].map(personOf));
    // The two records naming the same new person start it once, whichever is placed first.
    expect(secondPerson).toBe(firstPerson);
    expect(new Set([kithPerson, firstPerson, alonePerson]).size).toBe(3);
    expect((await call('identity.resolve', { email: emailOf(person) })).body).toEqual({ recordIds: [kithRecord], personIds: [kithPerson], partnerIds: [] });
    expect((await call('identity.resolve', { email: shared })).body.recordIds).toEqual([first, second].sort());
  });

  it("refuses, of maps made at once, only the one whose partnerId is another record's", async () => {
    const partnerId = `partner-${randomUUID()}`;
    await call('identity.map', { recordId: newRecordId(), email: `held-${randomUUID()}@example.org`, partnerId });
    const [clashing, ...others] = [newRecordId(), newRecordId(), newRecordId()];
    const mapped = await Promise.all([
      call('identity.map', { recordId: clashing, email: `clash-${randomUUID()}@example.org`, partnerId }),
      ...others.map((recordId) => call('identity.map', { recordId, email: `other-${randomUUID()}@example.org` })),
    ]);
    expect(mapped.map((answer) => answer.status)).toEqual([409, 200, 200]);
    expect((await call('identity.resolve', { recordId: clashing })).status).toBe(404);
    for (const recordId of others) expect((await call('identity.resolve', { recordId })).status).toBe(200);
  });

  it('deletes a record with 204 and no body; then it is unknown', async () => {
    const recordId = newRecordId();
    const email = `delete-${randomUUID()}@example.org`;
    await call('identity.map', { recordId, email, tags: [{ key: 'a', value: 'b' }] });
    const deleted = await call('identity.delete', { recordId, emails: [], phones: [], maids: [], profiles: [], generatePid: false });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await call('identity.resolve', { recordId })).toMatchObject({
      status: 404,
      body: { status: 404, message: `No records found for identifier: ${recordId}` },
    });
    expect((await call('identity.resolve', { email })).status).toBe(404);
    expect((await call('tags.get', { recordId })).status).toBe(404);
    expect((await call('identity.delete', { recordId })).status).toBe(404);
  });

  it('lets person.enrich find the person by recordId, personId or partnerId, and names them in identifiers', async () => {
    const recordId = newRecordId();
    const partnerId = `partner-${randomUUID()}`;
    await call('identity.map', { recordId, partnerId, emails: [emailOf(ada)] });
    const [personId] = (await call('identity.resolve', { recordId })).body.personIds;
    for (const query of [{ recordId }, { personId }, { partnerId }]) {
      const answer = await call('person.enrich', query);
      expect(answer.status, `${JSON.stringify(query)}: ${answer.text}`).toBe(200);
      expect(answer.body.fullName).toBe(ada.fullName);
      expect(answer.body.details.identifiers.personIds).toEqual([personId]);
      expect(answer.body.details.identifiers.recordIds).toContain(recordId);
      expect(answer.body.details.identifiers.partnerIds).toContain(partnerId);
    }
  });

  it("keeps every account's records, tags and person ids to itself", async () => {
    const recordId = newRecordId();
    const partnerId = `partner-${randomUUID()}`;
    await call('identity.map', { recordId, partnerId, emails: [emailOf(ada)], tags: [{ key: 'x', value: 'y' }] });
    const [personId] = (await call('identity.resolve', { recordId })).body.personIds;
    const asOther = (operation: string, body: unknown) => call(operation, body, { key: other.key });

    for (const query of [{ recordId }, { personId }, { partnerId }]) expect((await asOther('identity.resolve', query)).status).toBe(404);
    expect((await asOther('tags.get', { recordId })).status).toBe(404);
    expect((await asOther('tags.create', { recordId, tags: [{ key: 'a', value: 'b' }] })).status).toBe(404);
    expect((await asOther('tags.delete', { recordId })).status).toBe(404);
    expect((await asOther('identity.delete', { recordId })).status).toBe(404);
    expect((await asOther('person.enrich', { personId })).status).toBe(404);
    // The same person has another id for the other account, and none of this account's records.
    const theirs = await asOther('identity.resolve', { emails: [emailOf(ada)] });
    expect(theirs.body).toEqual({ recordIds: [], personIds: [expect.stringMatching(PERSON_ID)], partnerIds: [] });
    expect(theirs.body.personIds[0]).not.toBe(personId);
    expect((await call('tags.get', { recordId })).body.tags).toEqual([{ key: 'x', value: 'y' }]);
  });

  it.each([
    ['identity.map', 'no recordId', { email: 'a@example.com' }, 'recordId'],
    ['identity.map', 'no identifier besides recordId', { recordId: 'r1', partnerId: 'p1' }, 'identifier'],
    ['identity.map', 'a personId', { recordId: 'r1', email: 'a@example.com', personId: 'x' }, 'personId'],
    ['identity.map', 'a tag without value', { recordId: 'r1', email: 'a@example.com', tags: [{ key: 'k' }] }, 'tags[0].value'],
    ['identity.map', 'a recordId that is a number', { recordId: 7, email: 'a@example.com' }, 'recordId'],
    ['identity.map', 'a 501-character tag value', { recordId: 'r1', email: 'a@example.com', tags: [{ key: 'k', value: 'v'.repeat(501) }] }, 'tags[0].value'],
    ['identity.mapResolve', 'a 501-character tag value', { recordId: 'r1', email: 'a@example.com', tags: [{ key: 'k', value: 'v'.repeat(501) }] }, 'tags[0].value'],
    ['tags.create', 'a 501-character tag value', { recordId: 'r1', tags: [{ key: 'k', value: 'v'.repeat(501) }] }, 'tags[0].value'],
    ['identity.resolve', 'recordId with personId', { recordId: 'r1', personId: 'p1' }, 'personId'],
    ['identity.resolve', 'nothing', {}, 'identifier'],
    ['identity.delete', 'no recordId', { emails: [] }, 'recordId'],
  ])('%s answers 400 naming the field for %s', async (operation, _case, body, field) => {
    const answer = await call(operation, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});
