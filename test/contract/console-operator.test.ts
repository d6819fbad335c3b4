import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { importThroughAdmin } from '../support/admin-import.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { newEmail, newIndividual, recordOf } from '../support/graph-records.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

type Session = { cookie: string; csrf: string };

/**
 * The operator's way into the console over plain HTTP in every mode: a one-time link from the admin API opens a
 * session that reaches the identity graph's pages and no account's; an account's session reaches none of the
 * operator's. (test/browser/console-graph.test.ts drives the pages themselves in a browser.)
 */
describe.each(MODES)("the operator's console (%s)", (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let operator: Session;
  let user: Session;
  const tag = randomBytes(6).toString('hex');
  /** Each request to the next ingress replica, as a load balancer would send them. */
  let turn = 0;
  const base = () => kith.client.urls[turn++ % kith.client.urls.length]!;
  const get = (path: string, session?: Session) => fetch(`${base()}${path}`, { headers: session ? { cookie: session.cookie } : {}, redirect: 'manual' });
  const post = (path: string, session: Session, form: Record<string, string> = {}) =>
    fetch(`${base()}${path}`, { method: 'POST', headers: { cookie: session.cookie }, body: new URLSearchParams({ _csrf: session.csrf, ...form }), redirect: 'manual' });
  const signIn = async (url: string, expectedHome: string): Promise<Session> => {
    const token = new URL(url).searchParams.get('token')!;
    const signedIn = await fetch(`${base()}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(expectedHome);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await get(expectedHome, { cookie, csrf: '' })).text();
    return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(page)![1]! };
  };

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
    const ada = newIndividual();
    const email = newEmail('ada');
    await importThroughAdmin(kith, '/admin/persons?source=crm', [recordOf(ada, `crm-${tag}`, [email])]);
    await importThroughAdmin(kith, '/admin/persons?source=web', [recordOf(ada, `web-${tag}`, [email])]);
    const operatorLink = await kith.client.admin<ConsoleLink>('POST', '/console-link');
    expect(operatorLink.status, operatorLink.text).toBe(201);
    operator = await signIn(operatorLink.body.url, '/console/graph');
    const accountLink = await kith.client.admin<ConsoleLink>('POST', `/accounts/${account.account.id}/console-link`);
    user = await signIn(accountLink.body.url, '/console/keys');
  });
  afterAll(() => kith?.stop());

  it('issues the operator a one-time link only with the admin token, which signs in once', async () => {
    expect((await kith.client.request('POST', '/admin/console-link')).status).toBe(401);
    const link = await kith.client.admin<ConsoleLink>('POST', '/console-link');
    expect(link.body.url).toMatch(/\/console\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link.body.url).searchParams.get('token')!;
    const spend = () => fetch(`${base()}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    expect((await spend()).status).toBe(303);
    expect((await spend()).status).toBe(401);
  });

  it("shows the operator why two records are one person, on every replica, from the operator's session", async () => {
    for (const _ of kith.client.urls) {
      const page = await get(`/console/graph/why?a=crm:crm-${tag}&b=web:web-${tag}`, operator);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-same-person="true"');
      expect(html).toMatch(/<td class="mark-agrees" data-field="email" data-mark="agrees">/);
      expect(html).toMatch(/<svg class="chart weights"/);
      const personId = /href="\/console\/graph\/persons\/(\d+)"/.exec(html)![1]!;
      const person = await get(`/console/graph/persons/${personId}`, operator);
      expect(person.status).toBe(200);
      expect(await person.text()).toContain(`<code>crm:crm-${tag}</code>`);
    }
  });

  it("refuses an account's session on every operator page (403, no record shown)", async () => {
    for (const path of ['/console/graph', '/console/graph/persons/1', `/console/graph/why?a=crm:crm-${tag}&b=web:web-${tag}`, '/console/graph/persons?personId=1']) {
      const refused = await get(path, user);
      expect(refused.status, path).toBe(403);
      const html = await refused.text();
      expect(html, path).toContain('For the operator only');
      expect(html, path).not.toContain(`crm-${tag}`);
    }
  });

  it("refuses the operator's session on every account page and form: it acts as no account", async () => {
    for (const path of ['/console/keys', '/console/usage', '/console/usage.csv', '/console/webhooks', `/console/keys/${account.keyId}/revoke`]) {
      const refused = await get(path, operator);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain('it has no account, so no keys, usage or webhooks');
    }
    const keys = async () => (await kith.client.admin('GET', `/accounts/${account.account.id}/keys`)).body.keys.length;
    const before = await keys();
    for (const path of ['/console/keys', `/console/keys/${account.keyId}/revoke`, '/console/webhooks/rotate']) {
      expect((await post(path, operator)).status, path).toBe(403);
    }
    expect(await keys()).toBe(before);
    expect((await kith.client.v3('stats.get', {}, { key: account.key })).status).toBe(200);
  });

  it('sends a browser without a session to the sign-in page', async () => {
    for (const path of ['/console/graph', '/console/graph/persons/1', '/console/graph/why?a=x:1&b=x:2']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(303);
      expect(refused.headers.get('location'), path).toBe('/console/sign-in');
    }
  });

  it('answers what names no person or record with a page saying why, never a 500', async () => {
    const cases: Array<[string, number, string]> = [
      ['/console/graph/persons/abc', 400, 'positive whole number'],
      ['/console/graph/persons?personId=-3', 400, 'positive whole number'],
      ['/console/graph/persons/987654321987654321', 404, 'No person has the id 987654321987654321'],
      [`/console/graph/why?a=crm:crm-${tag}&b=`, 400, 'b: give a record as source:id'],
      [`/console/graph/why?a=${encodeURIComponent('Bad Source:1')}&b=crm:crm-${tag}`, 400, 'a: '],
      [`/console/graph/why?a=crm:crm-${tag}&b=crm:crm-${tag}`, 400, 'name another record than a'],
      [`/console/graph/why?a=crm:crm-${tag}&b=crm:nobody-${tag}`, 404, `No source holds the record crm:nobody-${tag} (b)`],
    ];
    for (const [path, status, reason] of cases) {
      const answer = await get(path, operator);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await answer.text(), path).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  it('signs the operator out with the CSRF token, after which the session opens nothing', async () => {
    const link = await kith.client.admin<ConsoleLink>('POST', '/console-link');
    const session = await signIn(link.body.url, '/console/graph');
    expect((await post('/console/sign-out', { ...session, csrf: 'wrong' })).status).toBe(403);
    expect((await post('/console/sign-out', session)).headers.get('location')).toBe('/console/signed-out');
    expect((await get('/console/graph', session)).status).toBe(303);
  });
});
