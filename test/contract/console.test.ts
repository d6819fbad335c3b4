import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * The console over plain HTTP in every mode: sessions shared by the ingress replicas, stats.get over the bus,
 * daily usage from the mode's usage store (ClickHouse when distributed), revocation seen by every replica.
 * (test/browser/console.test.ts drives the pages themselves in a browser.)
 */
describe.each(MODES)('the web console over HTTP (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let cookie: string;
  let csrf: string;
  /** Each request to the next ingress replica, as a load balancer would send them. */
  let turn = 0;
  const base = () => kith.client.urls[turn++ % kith.client.urls.length]!;
  const get = (path: string) => fetch(`${base()}${path}`, { headers: { cookie }, redirect: 'manual' });
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${base()}${path}`, { method: 'POST', headers: { cookie }, body: new URLSearchParams({ _csrf: csrf, ...form }), redirect: 'manual' });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
    const link = await kith.client.admin<ConsoleLink>('POST', `/accounts/${account.account.id}/console-link`);
    expect(link.status, link.text).toBe(201);
    const token = new URL(link.body.url).searchParams.get('token')!;
    const signedIn = await fetch(`${base()}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await get('/console/keys')).text();
    csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
  });
  afterAll(() => kith?.stop());

  it('shows the plan as stats.get reports it, and charts and exports the day’s requests from the usage store', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await kith.client.v3('person.enrich', { email: `nobody.${i}.${account.account.id}@example.com` }, { key: account.key })).status).toBe(404);
    }
    const stats = await kith.client.v3('stats.get', {}, { key: account.key });
    const today = new Date().toISOString().slice(0, 10);
    let csv = '';
    await waitFor('the CSV to count 3 person.enrich misses', async () => {
      csv = await (await get(`/console/usage.csv?from=${today}&to=${today}`)).text();
      return csv.includes(`${today},person.enrich,miss,3\r\n`);
    }, { progress: () => csv });
    const page = await (await get('/console/usage')).text();
    expect(page).toContain(`<strong>${stats.body.plan.name}</strong>`);
    expect(page).toContain(`<time datetime="${stats.body.period.start}">`);
    expect(page).toMatch(/<svg class="chart"[^>]*data-operation="person.enrich"/);
    expect(page).toContain(`data-day="${today}" data-outcome="miss" data-count="3"`);
  });

  it('answers a malformed range with 400 and the reason, on the page and in the export', async () => {
    for (const query of ['from=2026-13-45', 'from=2026-02-30', 'to=2026-1-1', 'from=2026-11-02&to=2026-11-01']) {
      const page = await get(`/console/usage?${query}`);
      expect(page.status, query).toBe(400);
      expect(await page.text(), query).toMatch(/role="alert"[^>]*>(Dates must be given as YYYY-MM-DD\.|The first day must not be after the last\.)</);
      const csv = await get(`/console/usage.csv?${query}`);
      expect(csv.status, query).toBe(400);
    }
    expect((await get('/console/usage.csv')).status).toBe(200);
  });

  it('refuses a form body over 16 KiB with 413', async () => {
    const refused = await post('/console/keys', { padding: 'x'.repeat(16 * 1024) });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toContain('16 KiB');
  });

  it('generates a key that works on the API, and revokes it on every replica within a second', async () => {
    const made = await post('/console/keys', {});
    expect(made.status).toBe(201);
    const key = /id="new-key-value">([^<]+)</.exec(await made.text())![1]!;
    expect((await kith.client.v3('stats.get', {}, { key })).status).toBe(200);
    const keyId = (await kith.client.admin('GET', `/accounts/${account.account.id}/keys`)).body.keys.find(
      (info: { displayPrefix: string }) => key.startsWith(info.displayPrefix),
    ).id;
    expect((await post(`/console/keys/${keyId}/revoke`, {})).status).toBe(303);
    const revokedAt = Date.now();
    // Each call goes to the next replica: both must refuse it.
    await waitFor('every replica to refuse the key', async () => {
      const answers = await Promise.all(kith.client.urls.map(() => kith.client.v3('stats.get', {}, { key })));
      return answers.every((answer) => answer.status === 401);
    });
    expect(Date.now() - revokedAt).toBeLessThan(2000);
    expect(await (await get('/console/keys')).text()).not.toContain(key);
  });

  it('refuses a POST without the CSRF token, whichever replica takes it', async () => {
    for (const url of kith.client.urls) {
      const refused = await fetch(`${url}/console/keys`, { method: 'POST', headers: { cookie }, body: new URLSearchParams({}) });
      expect(refused.status).toBe(403);
    }
  });
});
