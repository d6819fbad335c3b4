import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const emailOf = (person: PersonRecord) => person.details.emails[0]!.value;
/** A single call's body without its requestId, which a batch's items do not carry. */
const withoutRequestId = ({ requestId: _, ...body }: Record<string, unknown>) => body;

describe.each(MODES)('person.bulkEnrich and company.bulkEnrich (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver | undefined;
  const ada = newPerson();
  const grace = newPerson();
  const acme = newCompany();
  const v3 = (operation: string, body: unknown, key = account.key) => kith.client.v3(operation, body, { key });

  beforeAll(async () => {
    // A long rate-limit window, so that the rate-limit test's calls cannot fall into two windows.
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', KITH_RATE_LIMIT_WINDOW_SECONDS: '3600' });
    account = await createAccount(kith);
    await loadPersons(kith, [ada, grace]);
    await loadCompanies(kith, [acme]);
  });
  afterAll(() => kith?.stop());
  afterEach(() => receiver?.close());

  it('answers every request in order as the single call would, with its metadata, an invalid one failing alone', async () => {
    const requests = [
      { email: emailOf(ada), metadata: { row: 1 } },
      { email: 'nobody-kith-bulk@example.org', metadata: { row: 2, tag: 'miss' } },
      { emails: ['not-an-email'], metadata: { row: 3 } },
      { email: emailOf(grace), webhookUrl: 'http://127.0.0.1:9/hook', metadata: { row: 4 } },
      { email: emailOf(grace) },
    ];
    const answer = await v3('person.bulkEnrich', { requests });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((item: { status: number }) => item.status)).toEqual([200, 404, 400, 400, 200]);
    expect(answer.body.map((item: { metadata?: unknown }) => item.metadata)).toEqual([{ row: 1 }, { row: 2, tag: 'miss' }, { row: 3 }, { row: 4 }, undefined]);

    const singles = await Promise.all(requests.slice(0, 3).map(({ metadata: _, ...request }) => v3('person.enrich', request)));
    expect(answer.body[0].data).toEqual(singles[0]!.body);
    expect(answer.body[1].data).toEqual(withoutRequestId(singles[1]!.body));
    expect(answer.body[2].data).toEqual(withoutRequestId(singles[2]!.body));
    expect(answer.body[2].data.message).toContain('emails[0]');
    expect(answer.body[3].data.message).toContain('webhookUrl: give it for the whole batch');
    expect(answer.body[4].data.fullName).toBe(grace.fullName);
  });

  it('answers 400 naming the field for metadata nested 4,200 deep, and keeps answering', async () => {
    // Was a 500, "Maximum call stack size exceeded": every walk of the body recursed into the metadata.
    const metadata = '{"a":'.repeat(4_200) + '1' + '}'.repeat(4_200);
    const raw = `{"requests":[{"email":"${emailOf(ada)}","metadata":${metadata}}]}`;
    const answer = await kith.client.v3('person.bulkEnrich', undefined, { key: account.key, raw });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toBe(`Invalid request: requests[0].metadata${'.a'.repeat(29)}: nested deeper than the limit of 32 levels`);
    const shallow = await v3('person.bulkEnrich', { requests: [{ email: emailOf(ada), metadata: { a: { a: 1 } } }] });
    expect(shallow.status, shallow.text).toBe(200);
  });

  it('answers a batch of 100 different emails synchronously (200, not 202 queued), in order', async () => {
    // 100 persons of their own: a batch never seen before, so no kept reply answers it.
    const hundred = Array.from({ length: 100 }, () => newPerson());
    await loadPersons(kith, hundred);
    const started = Date.now();
    const answer = await v3('person.bulkEnrich', { requests: hundred.map((person, index) => ({ email: emailOf(person), metadata: { index } })) });
    const elapsedMs = Date.now() - started;
    expect(answer.status, `${elapsedMs} ms: ${answer.text.slice(0, 300)}`).toBe(200);
    expect(answer.body).toHaveLength(100);
    expect(answer.body.map((item: { metadata: { index: number } }) => item.metadata.index)).toEqual(hundred.map((_, index) => index));
    expect(answer.body.map((item: { status: number }) => item.status)).toEqual(hundred.map(() => 200));
    expect(answer.body.map((item: { data: { fullName: string } }) => item.data.fullName)).toEqual(hundred.map((person) => person.fullName));
  });

  it('answers company.enrich requests alike: 200, 404 and the 422 of a domain that is no domain name', async () => {
    const answer = await v3('company.bulkEnrich', {
      requests: [{ domain: `https://www.${acme.domain}/about` }, { domain: 'missing-kith-bulk.example.org' }, { domain: 'fullcontact' }],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((item: { status: number }) => item.status)).toEqual([200, 404, 422]);
    expect(answer.body[0].data).toMatchObject({ name: acme.name, website: acme.website });
    expect(answer.body[2].data).toMatchObject({ status: 422 });
  });

  it('echoes each company request’s metadata in request order, as person.bulkEnrich does', async () => {
    const beta = newCompany();
    await loadCompanies(kith, [beta]);
    const answer = await v3('company.bulkEnrich', {
      requests: [
        { domain: beta.domain, metadata: { row: 1 } },
        { domain: 'missing-kith-bulk.example.org', metadata: { row: 2, tag: 'miss' } },
        { domain: acme.domain },
        { domain: 'fullcontact', metadata: { row: 4 } },
        { domain: acme.domain, webhookUrl: 'http://127.0.0.1:9/hook', metadata: { row: 5 } },
        { domain: beta.domain, metadata: { row: 6, nested: { a: [1, 2] } } },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((item: { status: number }) => item.status)).toEqual([200, 404, 200, 422, 400, 200]);
    expect(answer.body.map((item: { metadata?: unknown }) => item.metadata)).toEqual([
      { row: 1 },
      { row: 2, tag: 'miss' },
      undefined,
      { row: 4 },
      { row: 5 },
      { row: 6, nested: { a: [1, 2] } },
    ]);
    expect(answer.body.map((item: { data: { name?: string } }) => item.data.name)).toEqual([beta.name, undefined, acme.name, undefined, undefined, beta.name]);
    expect(answer.body[4].data.message).toContain('webhookUrl: give it for the whole batch');
    const single = await v3('company.enrich', { domain: beta.domain });
    expect(answer.body[0].data).toEqual(single.body);
  });

  it('delivers a company batch’s whole answer to its webhook', async () => {
    receiver = await startWebhookReceiver();
    const accepted = await v3('company.bulkEnrich', {
      webhookUrl: `${receiver.url}/companies?batch=7`,
      requests: [
        { domain: 'missing-kith-bulk.example.org', metadata: { id: 'm' } },
        { domain: acme.domain, metadata: { id: 'a' } },
        { domain: 'fullcontact', metadata: { id: 'x' } },
      ],
    });
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.message).toContain(`${receiver.url}/companies?batch=7`);
    const [delivery] = await receiver.waitFor(1, 30_000);
    expect(delivery!.url).toBe('/companies?batch=7');
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(delivery!.body)).toMatchObject([
      { status: 404, metadata: { id: 'm' }, data: { status: 404 } },
      { status: 200, metadata: { id: 'a' }, data: { name: acme.name, website: acme.website } },
      { status: 422, metadata: { id: 'x' }, data: { status: 422 } },
    ]);
  });

  it('counts each company request as a company.enrich call in stats.get, with its own outcome, by webhook too', async () => {
    const counted = await createAccount(kith);
    receiver = await startWebhookReceiver();
    const batch = { requests: [{ domain: acme.domain }, { domain: 'missing-kith-bulk.example.org' }, { domain: acme.domain, metadata: { again: true } }] };
    expect((await v3('company.bulkEnrich', batch, counted.key)).status).toBe(200);
    expect((await v3('company.bulkEnrich', { ...batch, webhookUrl: receiver.url }, counted.key)).status).toBe(202);
    await receiver.waitFor(1, 30_000);

    const stats = async () => (await v3('stats.get', { stats: ['company', 'person'] }, counted.key)).body.stats;
    await waitFor('six requests counted', async () => (await stats()).company.enrichment.total.count >= 6, { timeoutMs: 30_000 });
    const counts = await stats();
    expect(counts.company.enrichment).toMatchObject({ matches: { count: 4 }, misses: { count: 2 }, total: { count: 6 } });
    expect(counts.person.enrichment.total.count).toBe(0);
  });

  it.each([
    ['no requests', {}, 'requests'],
    ['an empty batch', { requests: [] }, 'requests'],
    ['a batch of 101', { requests: Array.from({ length: 101 }, () => ({ email: 'a@example.org' })) }, 'requests'],
    ['a request that is no object', { requests: ['a@example.org'] }, 'requests[0]'],
    ['metadata that is no object', { requests: [{ email: 'a@example.org', metadata: 'x' }] }, 'requests[0].metadata'],
  ])('refuses %s whole with 400 naming the field', async (_, body, field) => {
    const answer = await v3('person.bulkEnrich', body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(`${field}:`);
  });

  it('delivers the whole answer to the batch’s webhook', async () => {
    receiver = await startWebhookReceiver();
    const accepted = await v3('person.bulkEnrich', {
      webhookUrl: `${receiver.url}/batch`,
      requests: [{ email: emailOf(grace), metadata: { id: 'g' } }, { email: 'nobody-kith-bulk@example.org', metadata: { id: 'n' } }],
    });
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.message).toContain(`${receiver.url}/batch`);
    const [delivery] = await receiver.waitFor(1, 30_000);
    const items = JSON.parse(delivery!.body);
    expect(items).toMatchObject([
      { status: 200, metadata: { id: 'g' }, data: { fullName: grace.fullName } },
      { status: 404, metadata: { id: 'n' }, data: { status: 404, message: 'Profile not found' } },
    ]);
  });

  it('counts each request as a person.enrich call in stats.get, with its own outcome, by webhook too', async () => {
    const counted = await createAccount(kith);
    receiver = await startWebhookReceiver();
    const batch = { requests: [{ email: emailOf(ada) }, { email: emailOf(grace) }, { email: 'nobody-kith-bulk@example.org' }] };
    expect((await v3('person.bulkEnrich', batch, counted.key)).status).toBe(200);
    expect((await v3('person.bulkEnrich', { ...batch, webhookUrl: receiver.url }, counted.key)).status).toBe(202);
    await receiver.waitFor(1, 30_000);

    const enrichment = async () => (await v3('stats.get', { stats: ['person'] }, counted.key)).body.stats.person.enrichment;
    await waitFor('six requests counted', async () => (await enrichment()).total.count >= 6, { timeoutMs: 30_000 });
    expect(await enrichment()).toMatchObject({ matches: { count: 4 }, misses: { count: 2 }, total: { count: 6 } });
  });

  it('counts each request against the rate limit, refusing a batch larger than what is left whole with 403', async () => {
    // The window has calls left here; the next test spends it first.
    const limited = await createAccount(kith, { plan: (await createPlan(kith, { rateLimit: 5 })).name });
    const batchOf = (size: number) => ({ requests: Array.from({ length: size }, () => ({ email: emailOf(ada) })) });

    // Larger than the whole window: no wait makes it pass, so 400 naming the field, and no Retry-After.
    const never = await v3('person.bulkEnrich', batchOf(6), limited.key);
    expect(never.status, never.text).toBe(400);
    expect(never.body.message).toBe(
      'Invalid request: requests: this batch counts 6 calls and the plan allows 5 per 3600 seconds: send at most 5 requests a batch',
    );
    expect(never.headers.get('retry-after')).toBeNull();
    expect(never.headers.get('x-rate-limit-limit')).toBe('5');
    expect(never.headers.get('x-rate-limit-remaining')).toBe('4');
    // Larger than what is left: 403 with Retry-After, the headers saying what is left (a smaller batch passes now).
    const tooLarge = await v3('person.bulkEnrich', batchOf(5), limited.key);
    expect(tooLarge.status, tooLarge.text).toBe(403);
    expect(tooLarge.body.message).toContain('this request counts 5 calls and 4 were left of 5');
    expect(tooLarge.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(tooLarge.headers.get('x-rate-limit-remaining')).toBe('3');
    // Each refused batch used one call, as the request it is: three are left, and a batch of three takes them.
    const fits = await v3('person.bulkEnrich', batchOf(3), limited.key);
    expect(fits.status, fits.text).toBe(200);
    expect(fits.headers.get('x-rate-limit-remaining')).toBe('0');
    expect((await v3('person.enrich', { email: emailOf(ada) }, limited.key)).status).toBe(403);
  });

  it('refuses a batch larger than the whole window with 400 once the window is spent too, never with a Retry-After', async () => {
    const limited = await createAccount(kith, { plan: (await createPlan(kith, { rateLimit: 3 })).name });
    const batchOf = (size: number) => ({ requests: Array.from({ length: size }, () => ({ email: emailOf(ada) })) });
    for (let call = 0; call < 3; call += 1) expect((await v3('person.enrich', { email: emailOf(ada) }, limited.key)).status).toBe(200);
    expect((await v3('person.enrich', { email: emailOf(ada) }, limited.key)).status).toBe(403);

    const never = await v3('person.bulkEnrich', batchOf(5), limited.key);
    expect(never.status, never.text).toBe(400);
    expect(never.body.message).toBe(
      'Invalid request: requests: this batch counts 5 calls and the plan allows 3 per 3600 seconds: send at most 3 requests a batch',
    );
    expect(never.headers.get('retry-after')).toBeNull();
    expect(never.headers.get('x-rate-limit-remaining')).toBe('0');
    // One the whole window holds waits for the next window, as a single call does.
    const later = await v3('person.bulkEnrich', batchOf(3), limited.key);
    expect(later.status, later.text).toBe(403);
    expect(later.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
