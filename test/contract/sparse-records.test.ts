import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importThroughAdmin } from '../support/admin-import.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

// docs/company-records.md lets a company be only a domain and a name, docs/person-records.md a person only an id
// and an email. The import keeps the record as given; every operation that answers from it must still answer
// every list and object it documents (empty), and never a 500.
const COMPANY_DETAIL_LISTS = ['locales', 'categories', 'industries', 'emails', 'phones', 'locations', 'images', 'urls', 'keywords', 'keyPeople'];
const PERSON_DETAIL_LISTS = ['emails', 'phones', 'locations', 'employment', 'photos', 'urls'];

function expectEmptyCompanyLists(company: { details: Record<string, unknown> }) {
  for (const list of COMPANY_DETAIL_LISTS) expect(company.details[list], list).toEqual([]);
  expect(company.details.profiles).toEqual({});
}

function expectEmptyPersonLists(person: { details: Record<string, unknown> }) {
  for (const list of PERSON_DETAIL_LISTS) expect(person.details[list], list).toEqual(list === 'emails' ? [expect.any(Object)] : []);
  expect(person.details.profiles).toEqual({});
  expect(person.details.identifiers).toMatchObject({ maids: [], li_nonid: [] });
}

describe.each(MODES)('answers from sparse records (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const tag = randomBytes(5).toString('hex');
  const company = { domain: `sparse${tag}.example.com`, name: `Sparse${tag} Holdings` };
  const email = `sparse.${tag}@example.com`;
  const person = { id: `sparse-${tag}`, details: { emails: [{ value: email }] } };
  const v3 = (operation: string, body: unknown) => kith.client.v3(operation, body, { key: account.key });
  const v2 = (path: string) => kith.client.request('GET', path, { headers: { 'X-FullContact-APIKey': account.key } });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
    await importThroughAdmin(kith, '/admin/companies', [company]);
    await importThroughAdmin(kith, '/admin/persons', [person]);
  });
  afterAll(() => kith?.stop());

  it('company.enrich and company.bulkEnrich answer every list of a company with only a domain and a name', async () => {
    const single = await v3('company.enrich', { domain: company.domain });
    expect(single.status, single.text).toBe(200);
    expect(single.body).toMatchObject({ name: company.name, bio: null, logo: null, employees: null });
    expectEmptyCompanyLists(single.body);

    const batch = await v3('company.bulkEnrich', { requests: [{ domain: company.domain }] });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.body[0].data).toEqual(single.body);
  });

  it('company.search finds it', async () => {
    const answer = await v3('company.search', { companyName: `Sparse${tag}` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject([{ orgName: company.name, lookupDomain: company.domain, logo: null }]);
  });

  it('GET /v2/company/lookup.json answers it in the v2 structure', async () => {
    const answer = await v2(`/v2/company/lookup.json?domain=${company.domain}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      category: [],
      organization: { name: company.name, contactInfo: { emailAddresses: [], phoneNumbers: [], addresses: [] }, links: [], images: [], keywords: [] },
      socialProfiles: [],
      industries: [],
    });
  });

  it('person.enrich and person.bulkEnrich answer every list of a person with only an id and an email', async () => {
    const single = await v3('person.enrich', { email });
    expect(single.status, single.text).toBe(200);
    expect(single.body).toMatchObject({ fullName: null, location: null, details: { name: null, age: null } });
    expectEmptyPersonLists(single.body);

    const batch = await v3('person.bulkEnrich', { requests: [{ email }] });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.body[0].data).toEqual(single.body);
  });

  it('GET /v2/person.json answers it in the v2 structure', async () => {
    const answer = await v2(`/v2/person.json?email=${encodeURIComponent(email)}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ contactInfo: { fullName: null, websites: [] }, photos: [], organizations: [], socialProfiles: [] });
  });

  it('verify.match, verify.signals and verify.activity answer it', async () => {
    for (const operation of ['verify.match', 'verify.signals', 'verify.activity']) {
      const answer = await v3(operation, { email });
      expect(answer.status, `${operation}: ${answer.text}`).toBe(200);
    }
  });
});
