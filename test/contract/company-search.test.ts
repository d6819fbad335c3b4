import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { loadCompanies, newCompany, uniqueWord } from '../support/companies.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const munich = { label: 'headquarters', city: 'München', region: 'Bayern', regionCode: 'BY', country: 'Germany', countryCode: 'DE' };

describe.each(MODES)('company.search (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver | undefined;
  const search = (body: unknown) => kith.client.v3('company.search', body, { key: account.key });

  // Three companies sharing a word no other company has: a small busy one in San Francisco, a large quiet one
  // in Munich, and one whose name only looks like theirs.
  const busy = newCompany({ employees: 40, details: { traffic: { countryRank: { global: { rank: 100, name: 'Global' } } } } });
  const word = uniqueWord(busy);
  const large = newCompany({
    name: `${word} Holding GmbH`,
    employees: 9000,
    details: { locations: [munich], traffic: { countryRank: { global: { rank: 700_000, name: 'Global' } } } },
  });
  const alike = newCompany({ name: `${word.slice(0, -1)}q Shop LLC`, employees: 20 });

  beforeAll(async () => {
    kith = await startTestKith(mode, { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    account = await createAccount(kith);
    await loadCompanies(kith, [busy, large, alike]);
  });
  afterAll(() => kith?.stop());
  afterEach(() => receiver?.close());

  it('answers the candidates as a JSON array, most visited first, common words such as Inc. ignored', async () => {
    const answer = await search({ companyName: `${word} Inc.` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((candidate: { lookupDomain: string }) => candidate.lookupDomain)).toEqual([busy.domain, large.domain, alike.domain]);
    expect(answer.body[0]).toEqual({
      lookupDomain: busy.domain,
      orgName: busy.name,
      logo: busy.logo,
      location: { locality: 'San Francisco', region: { name: 'California', code: 'CA' }, country: { name: 'United States', code: 'US' } },
    });
  });

  it('orders by employees or by relevance when asked', async () => {
    const byEmployees = await search({ companyName: word, sort: 'employees' });
    expect(byEmployees.body.map((candidate: { lookupDomain: string }) => candidate.lookupDomain)).toEqual([large.domain, busy.domain, alike.domain]);
    const byRelevance = await search({ companyName: `${word} Holding`, sort: 'relevance' });
    expect(byRelevance.body[0].lookupDomain).toBe(large.domain);
  });

  it('filters on the headquarters by locality, region and country, names or codes, and by a general location', async () => {
    for (const filter of [{ country: 'de' }, { region: 'Bayern' }, { region: 'BY', locality: 'munchen' }, { location: 'München, Germany' }]) {
      const answer = await search({ companyName: word, ...filter });
      expect(answer.status, `${JSON.stringify(filter)}: ${answer.text}`).toBe(200);
      expect(answer.body.map((candidate: { lookupDomain: string }) => candidate.lookupDomain)).toEqual([large.domain]);
    }
  });

  it('gives lookupDomains that company.enrich takes', async () => {
    const [first] = (await search({ companyName: word })).body;
    const company = await kith.client.v3('company.enrich', { domain: first.lookupDomain }, { key: account.key });
    expect(company.status).toBe(200);
    expect(company.body.name).toBe(busy.name);
  });

  it('answers 404 with the message of the client contract when nothing matches', async () => {
    const answer = await search({ companyName: `${word}, Inc.`, country: 'FR' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ status: 404, message: `No results found for the provided input of ${word}, Inc.` });
  });

  it.each([
    ['no companyName', {}, 'companyName'],
    ['an empty companyName', { companyName: '  ' }, 'companyName'],
    ['an unknown sort', { companyName: 'Acme', sort: 'size' }, 'sort'],
    ['a country that is not a string', { companyName: 'Acme', country: 49 }, 'country'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await search(body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  it('with webhookUrl answers 202 at once and delivers the candidates, a 404 included', async () => {
    receiver = await startWebhookReceiver();
    const accepted = await search({ companyName: word, webhookUrl: `${receiver.url}/hooks?ref=hit` });
    expect(accepted.status).toBe(202);
    expect(accepted.body.message).toContain('Webhook request accepted and queued for search');
    await search({ companyName: 'Qqxzv Nonexistent', webhoookUrl: `${receiver.url}/hooks?ref=miss` });

    const deliveries = await receiver.waitFor(2, 30_000);
    const byRef = Object.fromEntries(deliveries.map((delivery) => [new URL(delivery.url, receiver!.url).searchParams.get('ref'), JSON.parse(delivery.body)]));
    expect(byRef.hit).toEqual((await search({ companyName: word })).body);
    expect(byRef.miss).toEqual({ status: 404, message: 'No results found for the provided input of Qqxzv Nonexistent' });
  });

  it('is not counted as company enrichment in stats.get', async () => {
    const counted = await createAccount(kith);
    const call = (operation: string, body: unknown) => kith.client.v3(operation, body, { key: counted.key });
    // Usage events of one account are counted in order: once the enrichment is counted, the searches are too.
    expect((await call('company.search', { companyName: word })).status).toBe(200);
    expect((await call('company.search', { companyName: 'Qqxzv Nonexistent' })).status).toBe(404);
    expect((await call('company.enrich', { domain: busy.domain })).status).toBe(200);
    const enrichment = async () => (await call('stats.get', { stats: ['company'] })).body.stats.company.enrichment;
    await waitFor('the enrichment counted', async () => (await enrichment()).total.count >= 1, { timeoutMs: 30_000 });
    expect(await enrichment()).toMatchObject({ matches: { count: 1 }, misses: { count: 0 }, total: { count: 1 } });
  });
});
