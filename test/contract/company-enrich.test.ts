import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const notRegistered = (domain: string) => ({
  status: 404,
  message: `The domain ${domain} does not appear to be registered.`,
  requestId: expect.any(String),
  reasonCode: 'NOT_REGISTERED',
});

describe.each(MODES)('company.enrich (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver | undefined;
  const enrich = (body: unknown, key = account.key) => kith.client.v3('company.enrich', body, { key });
  const acme = newCompany();
  const bare = newCompany({ details: { keyPeople: [], traffic: null } });

  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    account = await createAccount(kith);
    await loadCompanies(kith, [acme, bare]);
  });
  afterAll(() => kith?.stop());
  afterEach(() => receiver?.close());

  it('answers the full company by its domain in any writing, with the wire names of the clients', async () => {
    for (const domain of [acme.domain, acme.domain.toUpperCase(), `https://www.${acme.domain}:443/about?x=1`, `${acme.domain}.`]) {
      const answer = await enrich({ domain });
      expect(answer.status, `${domain}: ${answer.text}`).toBe(200);
      expect(answer.body).toMatchObject({
        name: acme.name,
        twitter: acme.twitter,
        linkedin: acme.linkedin,
        facebook: null,
        website: acme.website,
        employees: acme.employees,
        founded: 2012,
        category: 'Other',
        updated: '2026-09-01',
      });
      expect(answer.body).not.toHaveProperty('domain');
    }
    const { body } = await enrich({ domain: acme.domain });
    expect(body.details).toMatchObject({
      industries: acme.details.industries,
      locations: acme.details.locations,
      profiles: acme.details.profiles,
      keyPeople: acme.details.keyPeople,
      traffic: acme.details.traffic,
    });
    // The spec names an image's address `url`, the clients `value`: both are sent.
    expect(body.details.images).toEqual([{ url: acme.logo, value: acme.logo, label: 'logo' }]);
  });

  it('reports the data add-ons of the plan: enabled when the plan has them, applied when the company has their data', async () => {
    const full = await enrich({ domain: acme.domain });
    expect(full.body.dataAddOns).toEqual([
      expect.objectContaining({ id: 'keypeople', name: 'Key People', enabled: true, applied: true, docLink: expect.any(String) }),
      expect.objectContaining({ id: 'traffic', name: 'Web Traffic', enabled: true, applied: true }),
    ]);
    const withoutData = await enrich({ domain: bare.domain });
    expect(withoutData.body.dataAddOns.map((addOn: { applied: boolean }) => addOn.applied)).toEqual([false, false]);

    const trafficOnly = await createPlan(kith, { dataAddOns: ['traffic'] });
    const smaller = await createAccount(kith, { plan: trafficOnly.name });
    const answer = await enrich({ domain: acme.domain }, smaller.key);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.details).not.toHaveProperty('keyPeople');
    expect(answer.body.details.traffic).toEqual(acme.details.traffic);
    expect(answer.body.dataAddOns).toEqual([
      expect.objectContaining({ id: 'keypeople', enabled: false, applied: false }),
      expect.objectContaining({ id: 'traffic', enabled: true, applied: true }),
    ]);
  });

  it('answers 404 NOT_REGISTERED for a domain Kith does not know', async () => {
    const answer = await enrich({ domain: 'https://www.no-such-company-kith.example.org/x' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(notRegistered('no-such-company-kith.example.org'));
  });

  it.each(['fullcontact', 'not a domain', 'http://10.0.0.1/', 'someone@example.com', ''])(
    'answers 422 for %j, which is no domain, with the message of the client contract',
    async (domain) => {
      const answer = await enrich({ domain });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        status: 422,
        message: `Input domain parameter ("${domain}") does not contain a valid domain.`,
        requestId: expect.any(String),
      });
    },
  );

  it('answers 422 for a domain of 900,000 characters, repeating only its first 100', async () => {
    // The whole value was echoed: a 900 KB answer to a 900 KB mistake.
    const answer = await enrich({ domain: 'x'.repeat(900_000) });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(`Input domain parameter ("${'x'.repeat(100)}…") does not contain a valid domain.`);
  });

  it.each([
    ['no domain', {}, 'domain'],
    ['a domain that is not a string', { domain: 42 }, 'domain'],
    ['a webhookUrl that is not a string', { domain: 'example.com', webhookUrl: 7 }, 'webhookUrl'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await enrich(body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  describe('with webhookUrl', () => {
    it('answers 202 with the company message at once and delivers what the synchronous call answers, a 404 included', async () => {
      receiver = await startWebhookReceiver();
      const hitUrl = `${receiver.url}/hooks?ref=hit`;
      const accepted = await enrich({ domain: acme.domain, webhookUrl: hitUrl });
      expect(accepted.status).toBe(202);
      expect(accepted.body).toEqual({
        status: 202,
        message: `Webhook request accepted and queued for search. Results will be POSTed to ${hitUrl}`,
        requestId: expect.any(String),
      });
      await enrich({ domain: 'unknown-kith-company.example.net', webhookUrl: `${receiver.url}/hooks?ref=miss` });

      const deliveries = await receiver.waitFor(2, 30_000);
      const byRef = Object.fromEntries(deliveries.map((delivery) => [new URL(delivery.url, receiver!.url).searchParams.get('ref'), JSON.parse(delivery.body)]));
      expect(byRef.hit).toEqual((await enrich({ domain: acme.domain })).body);
      expect(byRef.miss).toEqual(notRegistered('unknown-kith-company.example.net'));
    });

    it("takes the Go client's webhoookUrl (three o's) as webhookUrl", async () => {
      receiver = await startWebhookReceiver();
      const url = `${receiver.url}/go`;
      const accepted = await enrich({ domain: acme.domain, webhoookUrl: url });
      expect(accepted.status, accepted.text).toBe(202);
      expect(accepted.body.message).toContain(url);
      const [delivery] = await receiver.waitFor(1, 30_000);
      expect(JSON.parse(delivery!.body)).toMatchObject({ name: acme.name });
    });

    it('answers 400 for a webhookUrl that is not a URL, in either spelling', async () => {
      for (const field of ['webhookUrl', 'webhoookUrl']) {
        const answer = await enrich({ domain: acme.domain, [field]: 'not a url' });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toContain("Invalid webhookUrl provided: 'not a url'");
      }
    });
  });

  it('counts matches and misses in stats.get, those delivered by webhook included', async () => {
    const counted = await createAccount(kith);
    receiver = await startWebhookReceiver();
    const call = (body: unknown) => kith.client.v3('company.enrich', body, { key: counted.key });
    expect((await call({ domain: acme.domain })).status).toBe(200);
    expect((await call({ domain: acme.domain, webhookUrl: receiver.url })).status).toBe(202);
    expect((await call({ domain: 'missing-company-kith.example.org' })).status).toBe(404);
    expect((await call({ domain: 'fullcontact' })).status).toBe(422);
    await receiver.waitFor(1, 30_000);

    const enrichment = async () => (await kith.client.v3('stats.get', { stats: ['company'] }, { key: counted.key })).body.stats.company.enrichment;
    await waitFor('four requests counted', async () => (await enrichment()).total.count >= 4, { timeoutMs: 30_000 });
    expect(await enrichment()).toMatchObject({ matches: { count: 2 }, misses: { count: 1 }, total: { count: 4 } });
  });
});
