import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

describe.each(MODES)('tags (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const call = (operation: string, body: unknown, raw?: string) => kith.client.v3(operation, body, { key: account.key, raw });

  /** A record of the account's own, made with identity.map. */
  async function newRecord(partnerId?: string): Promise<string> {
    const recordId = `crm-${randomUUID()}`;
    const mapped = await call('identity.map', { recordId, email: `${recordId}@example.org`, ...(partnerId && { partnerId }) });
    expect(mapped.status, mapped.text).toBe(200);
    return recordId;
  }

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('creates tags, one key with several values, a pair created again staying once', async () => {
    const recordId = await newRecord();
    const first = await call('tags.create', { recordId, tags: [{ key: 'plan', value: 'gold' }, { key: 'region', value: 'emea' }] });
    expect(first.status, first.text).toBe(200);
    const again = await call('tags.create', { recordId, tags: [{ key: 'plan', value: 'gold' }, { key: 'plan', value: 'trial' }] });
    expect(again.body).toEqual({
      recordId,
      tags: [
        { key: 'plan', value: 'gold' },
        { key: 'plan', value: 'trial' },
        { key: 'region', value: 'emea' },
      ],
    });
  });

  it('gets every tag by recordId or partnerId, with the partnerId', async () => {
    const partnerId = `partner-${randomUUID()}`;
    const recordId = await newRecord(partnerId);
    await call('tags.create', { recordId, tags: [{ key: 'k', value: 'v' }] });
    const expected = { recordId, partnerId, tags: [{ key: 'k', value: 'v' }] };
    expect((await call('tags.get', { recordId })).body).toEqual(expected);
    expect((await call('tags.get', { partnerId })).body).toEqual(expected);
    // The Go and Java clients build this body by string concatenation.
    expect((await call('tags.get', undefined, `{"recordId":"${recordId}"}`)).body).toEqual(expected);
    const untagged = await newRecord();
    expect((await call('tags.get', { recordId: untagged })).body).toEqual({ recordId: untagged, partnerId: null, tags: [] });
  });

  it('deletes the given tags, or every tag when none are given, answering 200 with status 204', async () => {
    const recordId = await newRecord();
    await call('tags.create', { recordId, tags: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }, { key: 'b', value: '3' }] });
    const some = await call('tags.delete', { recordId, tags: [{ key: 'a', value: '1' }, { key: 'missing', value: 'x' }] });
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ status: 204, message: 'Tags deleted' });
    expect((await call('tags.get', { recordId })).body.tags).toEqual([{ key: 'a', value: '2' }, { key: 'b', value: '3' }]);
    for (const body of [{ recordId, tags: [] }, { recordId }]) {
      await call('tags.create', { recordId, tags: [{ key: 'c', value: '4' }] });
      expect((await call('tags.delete', body)).body).toEqual({ status: 204, message: 'Tags deleted' });
      expect((await call('tags.get', { recordId })).body.tags).toEqual([]);
    }
  });

  it('answers 404 naming the record for a record the account does not have', async () => {
    const recordId = `unknown-${randomUUID()}`;
    const notFound = { status: 404, body: { status: 404, message: `No records found for identifier: ${recordId}` } };
    expect(await call('tags.create', { recordId, tags: [{ key: 'k', value: 'v' }] })).toMatchObject(notFound);
    expect(await call('tags.get', { recordId })).toMatchObject(notFound);
    expect(await call('tags.delete', { recordId })).toMatchObject(notFound);
  });

  it.each([
    ['tags.create', 'no tags', { recordId: 'r', tags: [] }, 'tags'],
    ['tags.create', 'no recordId', { tags: [{ key: 'k', value: 'v' }] }, 'recordId'],
    ['tags.create', 'an empty key', { recordId: 'r', tags: [{ key: ' ', value: 'v' }] }, 'tags[0].key'],
    ['tags.create', 'a number value', { recordId: 'r', tags: [{ key: 'k', value: 3 }] }, 'tags[0].value'],
    ['tags.create', '101 tags', { recordId: 'r', tags: Array.from({ length: 101 }, (_, i) => ({ key: 'k', value: `${i}` })) }, 'tags'],
    ['tags.create', 'a 101-character key', { recordId: 'r', tags: [{ key: 'k'.repeat(101), value: 'v' }] }, 'tags[0].key'],
    ['tags.get', 'neither recordId nor partnerId', {}, 'recordId'],
    ['tags.delete', 'no recordId', { tags: [] }, 'recordId'],
  ])('%s answers 400 naming the field for %s', async (operation, _case, body, field) => {
    const answer = await call(operation, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});
