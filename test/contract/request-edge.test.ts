import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { waitFor } from '../support/wait-for.ts';

describe.each(MODES)('the v3 request edge (%s)', (mode) => {
  let kith: TestKith;
  let alice: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_MAX_BODY_BYTES: '2048' });
    alice = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  const auth = () => ({ Authorization: `Bearer ${alice.key}` });

  it('answers 404 with JSON for an unknown operation', async () => {
    const answer = await kith.client.v3('nothing.here', {}, { key: alice.key });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, message: 'Unknown operation: nothing.here' });
  });

  it('repeats only the first 100 characters of an unknown operation or path', async () => {
    const name = 'x'.repeat(5_000);
    const operation = await kith.client.v3(name, {}, { key: alice.key });
    expect(operation.status).toBe(404);
    expect(operation.body.message).toBe(`Unknown operation: ${'x'.repeat(100)}…`);
    const path = await kith.client.request('GET', `/${name}`);
    expect(path.status).toBe(404);
    expect(path.body.message).toBe(`No such endpoint: GET /${'x'.repeat(99)}…`);
  });

  it('answers 404 to an operation named after a property every object has, and counts no usage for it', async () => {
    // The usage middleware looked the name up with inherited properties: these published events the usage
    // worker skipped as malformed.
    const counted = await createAccount(kith);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await kith.client.v3(name, {}, { key: counted.key });
      expect(answer.status, name).toBe(404);
      expect(answer.body).toMatchObject({ status: 404, message: `Unknown operation: ${name}` });
    }
    // A call usage does count, after them: once stats.get shows it, the usage worker has read the events before it.
    const miss = await kith.client.v3('person.enrich', { email: `nobody-${randomUUID()}@example.org` }, { key: counted.key });
    expect(miss.status, miss.text).toBe(404);
    const personTotal = async () => (await kith.client.v3('stats.get', { stats: ['person'] }, { key: counted.key })).body.stats.person.enrichment.total.count;
    await waitFor('the person.enrich call in usage', async () => (await personTotal()) === 1);
    expect(kith.logs().filter((line) => line.msg === 'malformed usage event skipped')).toEqual([]);
  });

  it('answers 405 with Allow: POST for another method', async () => {
    const answer = await kith.client.request('GET', '/v3/stats.get', { headers: auth() });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toMatchObject({ status: 405 });
  });

  it('answers 405 with Allow for a method audience.download does not take', async () => {
    // Found by schemathesis (unsupported_method): TRACE answered 404 "Unknown operation".
    const answer = await kith.client.request('DELETE', '/v3/audience.download?requestId=00000000-0000-4000-8000-000000000000', { headers: auth() });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answer.body).toMatchObject({ status: 405 });
  });

  it('answers 400 naming the field for a string holding U+0000, and keeps answering', async () => {
    // Found by schemathesis: PostgreSQL text cannot hold U+0000, and audience.create with such a tag ended
    // the process (the audience worker's members query failed, its gzip stream's error went unhandled).
    const tags = [{ key: 'segment', value: 'gold\u0000' }];
    const audience = await kith.client.v3('audience.create', { webhookUrl: 'https://example.com/hook', tags }, { key: alice.key });
    expect(audience.status, audience.text).toBe(400);
    expect(audience.body.message).toBe('Invalid request: tags[0].value: must not contain the NUL character (U+0000)');
    const tagged = await kith.client.v3('tags.create', { recordId: 'r\u0000', tags: [{ key: 'k', value: 'v' }] }, { key: alice.key });
    expect(tagged.status, tagged.text).toBe(400);
    expect(tagged.body.message).toMatch(/^Invalid request: recordId: /);
    const v2 = await kith.client.request('GET', '/v2/person.json?email=ada%00@example.com', { headers: auth() });
    expect(v2.status, v2.text).toBe(400);
    expect((await kith.client.v3('stats.get', {}, { key: alice.key })).status).toBe(200);
  });

  it('answers 400 naming the field for a body nested past 32 levels, and takes one 32 deep', async () => {
    // A body thousands of levels deep exhausted the stack of a recursive walk: 500 "Maximum call stack size exceeded".
    const nested = (levels: number) => '{"padding":'.repeat(levels) + '{}' + '}'.repeat(levels);
    const tooDeep = await kith.client.v3('stats.get', undefined, { key: alice.key, raw: nested(32) });
    expect(tooDeep.status, tooDeep.text).toBe(400);
    const path = Array.from({ length: 32 }, () => 'padding').join('.');
    expect(tooDeep.body).toMatchObject({ status: 400, message: `Invalid request: ${path}: nested deeper than the limit of 32 levels` });
    const deepest = await kith.client.v3('stats.get', undefined, { key: alice.key, raw: nested(31) });
    expect(deepest.status, deepest.text).toBe(200);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await kith.client.v3('stats.get', undefined, {
      key: alice.key,
      raw: 'stats=person',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ status: 415 });
  });

  it('answers 400 for malformed JSON', async () => {
    const answer = await kith.client.v3('stats.get', undefined, { key: alice.key, raw: '{"stats": [' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, message: 'Unable to process JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const answer = await kith.client.v3('stats.get', { padding: 'x'.repeat(4096) }, { key: alice.key });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: 413, message: expect.stringContaining('2048') });
  });

  it('accepts an empty body where every field is optional', async () => {
    const answer = await kith.client.v3('stats.get', undefined, { key: alice.key });
    expect(answer.status, answer.text).toBe(200);
  });

  it('accepts the charset parameter and ignores unknown query parameters', async () => {
    const answer = await kith.client.v3(
      'stats.get',
      { stats: ['person'] },
      { key: alice.key, query: '?Reporting-Key=abc&x=1', headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    );
    expect(answer.status, answer.text).toBe(200);
  });

  it('answers 400 naming the field for invalid input', async () => {
    const answer = await kith.client.v3('stats.get', { stats: ['person', 'planets'] }, { key: alice.key });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Invalid request: stats\[1\]: /);
  });

  it('answers JSON 404 outside the API too, and gives every answer a request id', async () => {
    const answer = await kith.client.request('GET', '/nowhere');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404 });
    expect(answer.headers.get('x-request-id')).toBe(answer.body.requestId);
  });

  it('keeps a sane caller-supplied request id', async () => {
    const answer = await kith.client.v3('stats.get', {}, { key: alice.key, headers: { 'X-Request-Id': 'trace-12345678' } });
    expect(answer.headers.get('x-request-id')).toBe('trace-12345678');
  });

  it('serves health and readiness outside /v3', async () => {
    expect((await kith.client.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await kith.client.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });
});
