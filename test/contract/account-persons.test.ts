import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';

const newEmail = (label: string) => `${label}-${randomUUID()}@example.org`;
const newRecordId = () => `rec-${randomUUID()}`;

/** docs/identity-graph.md, "Account records": an account's records are records of the graph, private to it. */
describe.each(MODES)("an account's records in the identity graph (%s)", (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let other: TestAccount;
  const ada = newPerson();
  const call = (operation: string, body: unknown, key = account.key) => kith.client.v3(operation, body, { key });
  const map = async (body: Record<string, unknown>, key = account.key) => {
    const answer = await call('identity.map', body, key);
    expect(answer.status, answer.text).toBe(200);
  };
  const personIdOf = async (recordId: string, key = account.key) => {
    const answer = await call('identity.resolve', { recordId }, key);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.personIds, answer.text).toHaveLength(1);
    return answer.body.personIds[0] as string;
  };

  beforeAll(async () => {
    kith = await startTestKith(mode);
    [account, other] = await Promise.all([createAccount(kith), createAccount(kith)]);
    await loadPersons(kith, [ada]);
  });
  afterAll(() => kith?.stop());

  it('gives a record that names nobody a person of its own, which the later records sharing an identifier join', async () => {
    const email = newEmail('own');
    const [first, second] = [newRecordId(), newRecordId()];
    await map({ recordId: first, email });
    await map({ recordId: second, emails: [email, newEmail('second')] });
    const personId = await personIdOf(first);
    expect(await personIdOf(second)).toBe(personId);
    expect((await call('identity.resolve', { email })).body).toEqual({ recordIds: [first, second].sort(), personIds: [personId], partnerIds: [] });
    // The person holds no data of Kith's: enrichment by its id finds nothing.
    expect((await call('person.enrich', { personId })).status).toBe(404);
  });

  it('merges two persons of its own that a record bridges; both ids answer as the survivor', async () => {
    const [emailA, emailB] = [newEmail('a'), newEmail('b')];
    const [a1, a2, b1, bridge] = [newRecordId(), newRecordId(), newRecordId(), newRecordId()];
    await map({ recordId: a1, email: emailA });
    await map({ recordId: a2, email: emailA });
    await map({ recordId: b1, email: emailB });
    const [personA, personB] = [await personIdOf(a1), await personIdOf(b1)];
    expect(personB).not.toBe(personA);

    await map({ recordId: bridge, emails: [emailA, emailB] });
    for (const recordId of [a1, a2, b1, bridge]) expect(await personIdOf(recordId)).toBe(personA);
    const byMergedId = await call('identity.resolve', { personId: personB });
    expect(byMergedId.body).toEqual({ recordIds: [a1, a2, b1, bridge].sort(), personIds: [personA], partnerIds: [] });
  });

  it("joins Kith's person its evidence names, and brings the account's records that share an identifier with it", async () => {
    const phoneOnly = newRecordId();
    const byEmail = newRecordId();
    const sharedMaid = randomUUID();
    await map({ recordId: phoneOnly, maids: [sharedMaid] });
    const ownId = await personIdOf(phoneOnly);
    await map({ recordId: byEmail, emails: [ada.details.emails[0]!.value], maids: [sharedMaid] });
    const adaId = (await call('person.enrich', { email: ada.details.emails[0]!.value })).body.details.identifiers.personIds[0];
    expect(await personIdOf(byEmail)).toBe(adaId);
    expect(await personIdOf(phoneOnly)).toBe(adaId);
    expect((await call('identity.resolve', { personId: ownId })).body.personIds).toEqual([adaId]);
  });

  it('keeps an account out of another\'s persons: the same email is another person, and its records stay unseen', async () => {
    const email = newEmail('both');
    const [mine, theirs] = [newRecordId(), newRecordId()];
    await map({ recordId: mine, email });
    await map({ recordId: theirs, email }, other.key);
    const [myPerson, theirPerson] = [await personIdOf(mine), await personIdOf(theirs, other.key)];
    expect((await call('identity.resolve', { email }, other.key)).body).toEqual({ recordIds: [theirs], personIds: [theirPerson], partnerIds: [] });
    expect((await call('identity.resolve', { email })).body).toEqual({ recordIds: [mine], personIds: [myPerson], partnerIds: [] });
    // My person's id names nobody for the other account, nor theirs for me.
    expect((await call('identity.resolve', { personId: myPerson }, other.key)).status).toBe(404);
    expect((await call('identity.resolve', { personId: theirPerson })).status).toBe(404);
  });

  it('leaves a person whose records it no longer shares an identifier with, for a new one; they keep theirs', async () => {
    const email = newEmail('stay');
    const [stays, moves] = [newRecordId(), newRecordId()];
    await map({ recordId: stays, email });
    await map({ recordId: moves, email });
    const personId = await personIdOf(stays);
    await map({ recordId: moves, email: newEmail('moved') });
    expect(await personIdOf(stays)).toBe(personId);
    expect(await personIdOf(moves)).not.toBe(personId);
  });

  it('places records of one email mapped at once in one person', async () => {
    const email = newEmail('together');
    const recordIds = Array.from({ length: 8 }, newRecordId);
    await Promise.all(recordIds.map((recordId) => map({ recordId, email })));
    const personIds = new Set(await Promise.all(recordIds.map((recordId) => personIdOf(recordId))));
    expect(personIds.size).toBe(1);
  });
});
