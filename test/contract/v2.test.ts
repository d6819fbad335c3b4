import { hash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { startDnsStub } from '../support/dns-stub.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

describe.each(MODES)('the v2 APIs (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let dns: Awaited<ReturnType<typeof startDnsStub>>;
  const get = (path: string, headers: Record<string, string> = {}) => kith.client.request('GET', path, { headers });
  const withKey = (path: string) => `${path}${path.includes('?') ? '&' : '?'}apiKey=${encodeURIComponent(account.key)}`;
  const acme = newCompany();
  const ada = newPerson();
  const email = ada.details.emails[0]!.value;

  beforeAll(async () => {
    dns = await startDnsStub({
      'example.com': 'mx',
      [acme.domain]: 'mx',
      'mailinator.com': 'mx',
      'nomail-kith.example': 'no-mx',
      'slow-dns-kith.example': 'silent',
    });
    kith = await startTestKith(mode, { KITH_DNS_SERVERS: dns.server, KITH_DNS_TIMEOUT_MS: '2000', KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    account = await createAccount(kith);
    await loadCompanies(kith, [acme]);
    await loadPersons(kith, [ada]);
  });
  afterAll(async () => {
    await kith?.stop();
    await dns?.close();
  });

  describe('keys and the edge', () => {
    it('takes a v3 key as the apiKey query parameter or in either key header, with the rate-limit headers of v3', async () => {
      const path = `/v2/company/lookup.json?domain=${acme.domain}`;
      for (const answer of [
        await get(withKey(path)),
        await get(path, { 'X-Service-APIKey': account.key }),
        await get(path, { 'X-FullContact-APIKey': account.key }),
      ]) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/application\/json/);
        expect(Number(answer.headers.get('x-rate-limit-limit'))).toBeGreaterThan(0);
        expect(answer.headers.get('x-rate-limit-remaining')).not.toBeNull();
        expect(answer.headers.get('x-rate-limit-reset')).not.toBeNull();
      }
    });

    it('takes the key from either key header on /v2/person.json too', async () => {
      for (const header of ['X-Service-APIKey', 'X-FullContact-APIKey']) {
        const answer = await get(`/v2/person.json?email=${encodeURIComponent(email)}`, { [header]: account.key });
        expect(answer.status, `${header}: ${answer.text}`).toBe(200);
        expect(answer.body.contactInfo.fullName).toBe(ada.fullName);
      }
    });

    it("shares the account's rate limit with v3 and answers 403 in JSON over it, on both versions", async () => {
      // Windows are aligned to the epoch: start the burst with most of the 60 s window left.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 10));
      const limited = await createAccount(kith, { plan: (await createPlan(kith, { rateLimit: 3 })).name });
      const person = `/v2/person.json?email=${encodeURIComponent(email)}`;
      expect((await kith.client.v3('stats.get', {}, { key: limited.key })).status).toBe(200);
      expect((await get(person, { 'X-FullContact-APIKey': limited.key })).status).toBe(200);
      const last = await get(`/v2/company/lookup.json?domain=${acme.domain}`, { 'X-Service-APIKey': limited.key });
      expect(last.status, last.text).toBe(200);
      expect(last.headers.get('x-rate-limit-remaining')).toBe('0');
      for (const over of [
        await get(`${person}&apiKey=${encodeURIComponent(limited.key)}`),
        await get(`/v2/company/lookup.json?domain=${acme.domain}`, { 'X-Service-APIKey': limited.key }),
        await kith.client.v3('stats.get', {}, { key: limited.key }),
      ]) {
        expect(over.status, over.text).toBe(403);
        expect(over.headers.get('content-type')).toMatch(/application\/json/);
        expect(over.body).toMatchObject({ status: 403, message: expect.any(String) });
        expect(over.headers.get('x-rate-limit-limit')).toBe('3');
        expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
      }
    });

    it('answers 405 with Allow to another method than GET on a v2 path', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        for (const path of ['/v2/person.json', '/v2/company/lookup.json', '/v2/verification/email.json']) {
          const answer = await kith.client.request(method, withKey(path));
          expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(405);
          expect(answer.headers.get('allow')).toBe('GET, HEAD');
          expect(answer.body).toMatchObject({ status: 405, message: expect.stringContaining('accepts only GET') });
        }
      }
    });

    it('answers JSON only: another format is a JSON 404, and asking for XML still gets JSON', async () => {
      for (const path of [`/v2/person.xml?email=${encodeURIComponent(email)}`, `/v2/company/lookup.xml?domain=${acme.domain}`, '/v2/person.html']) {
        const answer = await get(withKey(path));
        expect(answer.status, `${path}: ${answer.text}`).toBe(404);
        expect(answer.headers.get('content-type'), path).toMatch(/application\/json/);
        expect(answer.body, path).toMatchObject({ status: 404, message: expect.stringContaining('No such endpoint: GET /v2/') });
        expect(answer.text, path).not.toMatch(/<[a-z!]/i);
      }
      const xml = await get(withKey(`/v2/person.json?email=${encodeURIComponent(email)}`), { Accept: 'application/xml' });
      expect(xml.status, xml.text).toBe(200);
      expect(xml.headers.get('content-type')).toMatch(/application\/json/);
      expect(xml.body.contactInfo.fullName).toBe(ada.fullName);
    });

    it('answers 401 in JSON without a key or with a wrong one', async () => {
      const missing = await get(`/v2/company/lookup.json?domain=${acme.domain}`);
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ status: 401, message: expect.stringContaining('apiKey') });
      expect((await get(`/v2/company/lookup.json?domain=${acme.domain}&apiKey=kith_wrong`)).status).toBe(401);
    });
  });

  describe('GET /v2/company/lookup.json', () => {
    it('answers the company in the v2 structure', async () => {
      const answer = await get(withKey(`/v2/company/lookup.json?domain=${encodeURIComponent(`https://www.${acme.domain}/`)}`));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        status: 200,
        requestId: expect.any(String),
        category: [{ name: 'Other', code: 'OTHER' }],
        logo: acme.logo,
        website: acme.website,
        languageLocale: 'en',
        organization: {
          name: acme.name,
          approxEmployees: acme.employees,
          founded: '2012',
          contactInfo: {
            emailAddresses: [{ value: `info@${acme.domain}`, label: 'other' }],
            phoneNumbers: [{ number: '+1 415 555 0100', label: 'work' }],
            addresses: [{ locality: 'San Francisco', region: { name: 'California', code: 'CA' }, country: { name: 'United States', code: 'US' } }],
          },
          keyPeople: [{ name: 'Grace Hopper', title: 'CEO' }],
          images: [{ url: acme.logo, label: 'logo' }],
        },
        socialProfiles: [{ typeId: 'twitter', typeName: 'Twitter', url: acme.twitter }],
        traffic: { ranking: [{ rank: acme.details.traffic!.countryRank!.global!.rank, locale: 'global' }] },
      });
    });

    it('answers 404 NOT_REGISTERED, 422 for what is no domain and 400 without a domain', async () => {
      const unknown = await get(withKey('/v2/company/lookup.json?domain=unknown-v2-company.example.org'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ status: 404, reasonCode: 'NOT_REGISTERED' });
      expect((await get(withKey('/v2/company/lookup.json?domain=fullcontact'))).status).toBe(422);
      const missing = await get(withKey('/v2/company/lookup.json'));
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('domain');
    });
  });

  describe('GET /v2/person.json', () => {
    it('answers the person by email, emailMD5, phone or twitter in the v2 structure', async () => {
      const twitter = ada.details.profiles.twitter!.username!;
      for (const query of [
        `email=${encodeURIComponent(email)}`,
        `emailMD5=${hash('md5', email, 'hex')}`,
        `phone=${encodeURIComponent(ada.details.phones[0]!.value)}`,
        `twitter=${twitter}`,
      ]) {
        const answer = await get(withKey(`/v2/person.json?${query}`));
        expect(answer.status, `${query}: ${answer.text}`).toBe(200);
        expect(answer.body).toMatchObject({
          status: 200,
          requestId: expect.any(String),
          organizations: [{ name: 'Analytical Engines LLC', title: 'Engineer', current: true, isPrimary: true }],
          demographics: { gender: 'Female', locationGeneral: ada.location },
          socialProfiles: [{ typeId: 'twitter', typeName: 'Twitter', username: twitter }],
        });
      }
      const byEmail = await get(withKey(`/v2/person.json?email=${encodeURIComponent(email)}`));
      expect(byEmail.body.likelihood).toBe(0.9);
      expect(byEmail.body.contactInfo).toMatchObject({ fullName: ada.fullName, givenName: ada.details.name!.given, familyName: 'Lovelace' });
      // Asked by hash, the answer carries no name (as person.enrich's).
      expect((await get(withKey(`/v2/person.json?emailMD5=${hash('md5', email, 'hex')}`))).body.contactInfo.fullName).toBeNull();
    });

    it("answers v2's 404 when nobody matches, and 400 for no identifier or a bad one", async () => {
      const miss = await get(withKey('/v2/person.json?email=nobody-v2@example.org'));
      expect(miss.status).toBe(404);
      expect(miss.body).toEqual({ status: 404, message: 'Searched within last 24 hours. No results found for this Id.', requestId: expect.any(String) });
      for (const [query, field] of [['', 'email'], ['email=not-an-email', 'email'], [`email=${email}&webhookUrl=not-a-url`, 'webhookUrl']]) {
        const answer = await get(withKey(`/v2/person.json?${query}`));
        expect(answer.status, `${query}: ${answer.text}`).toBe(400);
        expect(answer.body.message).toContain(field);
      }
    });

    it('with webhookUrl answers 202 at once and delivers the v2 structure, a 404 included', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const accepted = await get(withKey(`/v2/person.json?email=${encodeURIComponent(email)}&webhookUrl=${encodeURIComponent(`${receiver.url}/v2?ref=hit`)}`));
        expect(accepted.status, accepted.text).toBe(202);
        await get(withKey(`/v2/person.json?email=nobody-v2-hook@example.org&webhookUrl=${encodeURIComponent(`${receiver.url}/v2?ref=miss`)}`));
        const deliveries = await receiver.waitFor(2, 30_000);
        const byRef = Object.fromEntries(deliveries.map((d) => [new URL(d.url, receiver.url).searchParams.get('ref'), JSON.parse(d.body)]));
        expect(byRef.hit).toMatchObject({ status: 200, likelihood: 0.9, contactInfo: { fullName: ada.fullName } });
        expect(byRef.miss).toMatchObject({ status: 404, message: 'Searched within last 24 hours. No results found for this Id.' });
      } finally {
        await receiver.close();
      }
    });

    it('with queue=1 answers 202 at once; the same call later gets the answer', async () => {
      const path = withKey(`/v2/person.json?email=${encodeURIComponent(email)}&queue=1`);
      const queued = await get(path);
      expect(queued.status, queued.text).toBe(202);
      expect(queued.body).toMatchObject({ status: 202, message: expect.stringContaining('Queued for search') });
      await waitFor('the queued answer', async () => (await get(path)).status === 200, { timeoutMs: 15_000 });
    });

    it('is counted as person enrichment in stats.get', async () => {
      const counted = await createAccount(kith);
      expect((await get(`/v2/person.json?email=${encodeURIComponent(email)}&apiKey=${counted.key}`)).status).toBe(200);
      expect((await get(`/v2/person.json?email=nobody-v2@example.org&apiKey=${counted.key}`)).status).toBe(404);
      const enrichment = async () => (await kith.client.v3('stats.get', { stats: ['person'] }, { key: counted.key })).body.stats.person.enrichment;
      await waitFor('two lookups counted', async () => (await enrichment()).total.count >= 2, { timeoutMs: 30_000 });
      expect(await enrichment()).toMatchObject({ matches: { count: 1 }, misses: { count: 1 }, total: { count: 2 } });
    });
  });

  describe('GET /v2/verification/email.json', () => {
    /**
     * The verification of `address`. On a busy machine a lookup may outlast the synchronous deadline: it is
     * answered 202 and kept, and the same call again gets it (at most 50 times).
     */
    const verify = async (address: string) => {
      const path = withKey(`/v2/verification/email.json?email=${encodeURIComponent(address)}`);
      let answer = await get(path);
      for (let asked = 1; answer.status === 202 && asked < 50; asked += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await get(path);
      }
      expect(answer.status, answer.text).toBe(200);
      return { ...answer.body, email: answer.body.emails[address] };
    };

    it('says that an address Kith knows is deliverable, and links the person and company lookups that know it', async () => {
      const person = await verify(email);
      expect(person).toMatchObject({ status: 200, requestId: expect.any(String), unknownEmails: [], failedEmails: [] });
      expect(person.email).toEqual({
        message: 'Valid email address',
        address: email,
        username: email.split('@')[0]!.toLowerCase(),
        domain: 'example.com',
        corrected: false,
        sendSafely: true,
        attributes: { validSyntax: true, deliverable: true, catchall: null, risky: false, disposable: false },
        person: `/v2/person.json?email=${encodeURIComponent(email)}`,
        company: null,
      });
      const company = await verify(`info@${acme.domain}`);
      expect(company.email).toMatchObject({ person: null, company: `/v2/company/lookup.json?domain=${acme.domain}` });
    });

    it('flags a disposable domain, a domain without mail, one DNS cannot answer for, and bad syntax', async () => {
      expect((await verify('someone@mailinator.com')).email).toMatchObject({
        sendSafely: false,
        attributes: { validSyntax: true, deliverable: true, disposable: true, risky: true },
      });
      expect((await verify('someone@nomail-kith.example')).email).toMatchObject({
        message: 'The domain does not receive email',
        attributes: { deliverable: false },
      });
      const unknown = await verify('someone@slow-dns-kith.example');
      expect(unknown.unknownEmails).toEqual(['someone@slow-dns-kith.example']);
      expect(unknown.email).toMatchObject({ sendSafely: false, attributes: { deliverable: null } });
      expect((await verify('not-an-email')).email).toMatchObject({
        message: 'Invalid email address',
        attributes: { validSyntax: false, deliverable: false },
        person: null,
      });
    });

    it('with queue=1 answers 202 at once, never 503; the same call later gets the verification', async () => {
      // A 503 made the official clients retry at once, and every retry was a 503 again.
      const address = `queued.${account.account.id}@${acme.domain}`;
      const path = withKey(`/v2/verification/email.json?email=${encodeURIComponent(address)}&queue=1`);
      const queued = await get(path);
      expect(queued.status, queued.text).toBe(202);
      expect(queued.body).toMatchObject({ status: 202, message: expect.stringContaining('Queued'), requestId: expect.any(String) });
      let answer = queued;
      await waitFor('the queued verification', async () => (answer = await get(path)).status === 200, { timeoutMs: 15_000 });
      expect(answer.body.emails[address]).toMatchObject({ address, attributes: { validSyntax: true, deliverable: true } });
    });

    it('answers 400 without an email', async () => {
      const answer = await get(withKey('/v2/verification/email.json'));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('email');
    });
  });
});
