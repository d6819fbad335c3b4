import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const DAY_MS = 86_400_000;
/** The UTC day `offset` days from today, as YYYY-MM-DD. */
const dayFromToday = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const screenshot = (page: Page, name: string) => page.screenshot({ path: new URL(`console-${name}.png`, ARTIFACTS).pathname, fullPage: true });

/** The console in Debian's Chromium, driven by playwright-core, against an embedded Kith. */
describe('the web console, in a browser', () => {
  let kith: TestKith;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  /** The time Kith reads: the system's, unless a test sets another. */
  let shiftedTo: Date | undefined;
  const clock = { now: () => shiftedTo ?? new Date() };

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    receiver = await startWebhookReceiver();
    kith = await startTestKith('embedded', { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' }, { clock });
    account = await createAccount(kith);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await kith?.stop();
    await receiver?.close();
  });

  async function loginLink(accountId: string): Promise<string> {
    const answer = await kith.client.admin<ConsoleLink>('POST', `/accounts/${accountId}/console-link`);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.url;
  }
  const apiStatus = async (key: string) => (await kith.client.v3('stats.get', {}, { key })).status;
  const newKeyOnPage = () => page.locator('#new-key-value');

  it('signs in with a one-time login link, which does not sign in twice', async () => {
    const url = await loginLink(account.account.id);
    await page.goto(url);
    await screenshot(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/console/keys');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('API keys');
    const cookie = (await context.cookies()).find((c) => c.name === 'kith_console');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });

    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(url);
    const refused = second.waitForResponse((response) => response.url().endsWith('/console/sign-in'));
    await second.getByRole('button', { name: 'Sign in' }).click();
    expect((await refused).status()).toBe(401);
    await expect(second.getByRole('alert').textContent()).resolves.toContain('not valid');
    await second.goto(new URL('/console/keys', kith.url).toString());
    expect(new URL(second.url()).pathname).toBe('/console/sign-in');
    await other.close();
  });

  it('shows a generated key once, with a copy button; a reload shows it no more', async () => {
    await page.goto(new URL('/console/keys', kith.url).toString());
    await page.getByRole('button', { name: 'Generate a new key' }).click();
    const key = (await newKeyOnPage().textContent())!;
    expect(key).toMatch(/^kith_[0-9A-Za-z]{36}$/);
    // console.js shows the button once it runs, which may be a moment after the key is on the page.
    await page.getByRole('button', { name: 'Copy' }).waitFor({ state: 'visible', timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe('/console/keys');
    expect(await apiStatus(key)).toBe(200);
    await expect(page.locator(`td code:text-is("${key.slice(0, 11)}…")`).count()).resolves.toBe(1);
    await screenshot(page, 'keys');

    await page.reload();
    await expect(newKeyOnPage().count()).resolves.toBe(0);
    expect(await page.content()).not.toContain(key);
  });

  it('shows when a key was last used: never at first, then the time of its use, later again after a later use', async () => {
    await page.goto(new URL('/console/keys', kith.url).toString());
    await page.getByRole('button', { name: 'Generate a new key' }).click();
    const key = (await newKeyOnPage().textContent())!;
    // The columns are Key, Created, Last used, Status, Action.
    const lastUsed = () => page.locator('tr', { hasText: key.slice(0, 11) }).locator('td').nth(2);
    await expect(lastUsed().textContent()).resolves.toBe('never');

    const lastUsedAt = async () => {
      await page.goto(new URL('/console/keys', kith.url).toString());
      return lastUsed().locator('time').getAttribute('datetime', { timeout: 1000 }).catch(() => null);
    };
    const usedAt = Date.now();
    expect(await apiStatus(key)).toBe(200);
    let shown: string | null = null;
    await waitFor('the key’s use to be shown', async () => !!(shown = await lastUsedAt()), { progress: () => shown });
    expect(Date.parse(shown!)).toBeGreaterThanOrEqual(usedAt - 1000);
    expect(Date.parse(shown!)).toBeLessThanOrEqual(Date.now());
    await expect(lastUsed().textContent()).resolves.toBe(`${shown!.slice(0, 16).replace('T', ' ')} UTC`);

    // Used again ten minutes later (last use is recorded at most once a minute): the page shows the later time.
    const later = new Date(Date.now() + 10 * 60_000);
    shiftedTo = later;
    try {
      expect(await apiStatus(key)).toBe(200);
    } finally {
      shiftedTo = undefined;
    }
    await waitFor('the later use to be shown', async () => (shown = await lastUsedAt()) === later.toISOString(), { progress: () => shown });
  });

  it('revokes a key after confirming, and the API refuses it (401) within a second', async () => {
    await page.goto(new URL('/console/keys', kith.url).toString());
    await page.getByRole('button', { name: 'Generate a new key' }).click();
    const key = (await newKeyOnPage().textContent())!;
    expect(await apiStatus(key)).toBe(200);
    await page.getByRole('link', { name: `Revoke ${key.slice(0, 11)}…` }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Revoke API key');
    await page.getByRole('button', { name: 'Revoke this key' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('revoked');
    const revokedAt = Date.now();
    await waitFor('the revoked key to be refused', async () => (await apiStatus(key)) === 401, { timeoutMs: 3000 });
    expect(Date.now() - revokedAt).toBeLessThan(2000);
    await expect(page.locator('tr', { hasText: key.slice(0, 11) }).textContent()).resolves.toContain('revoked');
  });

  it('charts the requests just made, per operation and outcome, and exports the same numbers as CSV', async () => {
    const person = newPerson();
    await loadPersons(kith, [person]);
    const enrich = (email: string) => kith.client.v3('person.enrich', { email }, { key: account.key });
    for (let i = 0; i < 2; i += 1) expect((await enrich(person.details.emails[0]!.value)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await enrich(`nobody.${i}.${person.id}@example.com`)).status).toBe(404);

    let charted: string[] = [];
    let pageText = '';
    await waitFor(
      'the usage page to chart 2 matches and 3 misses',
      async () => {
        await page.goto(new URL('/console/usage', kith.url).toString());
        pageText = (await page.textContent('main'))?.slice(0, 600) ?? '';
        charted = await page.$$eval('svg[data-operation="person.enrich"] rect', (rects) =>
          rects.map((rect) => `${rect.getAttribute('data-outcome')}=${rect.getAttribute('data-count')}`),
        );
        return charted.join() === 'match=2,miss=3';
      },
      { progress: () => [charted, pageText] },
    );
    await expect(page.locator('.quota', { hasText: 'Person enrichment' }).textContent()).resolves.toMatch(/2\s*matches/);
    await screenshot(page, 'usage');

    const today = new Date().toISOString().slice(0, 10);
    const csv = await page.request.get(new URL(`/console/usage.csv?from=${today}&to=${today}`, kith.url).toString());
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('day,operation,outcome,count');
    expect(lines).toContain(`${today},person.enrich,match,2`);
    expect(lines).toContain(`${today},person.enrich,miss,3`);
  });

  it('charts and tabulates only the range chosen, leaving out the days before and after it', async () => {
    // Misses on four past days: one before the range, two inside it, one after it.
    const [before, first, second, after] = [dayFromToday(-6), dayFromToday(-4), dayFromToday(-3), dayFromToday(-1)];
    const misses: [string, number][] = [[before, 1], [first, 2], [second, 4], [after, 3]];
    for (const [day, count] of misses) {
      shiftedTo = new Date(`${day}T12:00:00Z`);
      try {
        for (let i = 0; i < count; i += 1) {
          expect((await kith.client.v3('person.enrich', { email: `nobody.${day}.${i}.${account.account.id}@example.com` }, { key: account.key })).status).toBe(404);
        }
      } finally {
        shiftedTo = undefined;
      }
    }
    // Every one of them is in the usage store before the range is looked at, those outside it included.
    let csv = '';
    await waitFor('the four days’ misses to be stored', async () => {
      csv = await (await page.request.get(new URL(`/console/usage.csv?from=${before}&to=${after}`, kith.url).toString())).text();
      return misses.every(([day, count]) => csv.includes(`${day},person.enrich,miss,${count}\r\n`));
    }, { progress: () => csv });

    const [from, to] = [dayFromToday(-5), dayFromToday(-2)];
    await page.goto(new URL('/console/usage', kith.url).toString());
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**/console/usage?from=${from}&to=${to}`);

    const chart = page.locator('svg[data-operation="person.enrich"]');
    await expect(chart.getAttribute('aria-label')).resolves.toBe(`person.enrich per day, ${from} to ${to}`);
    const bars = await chart.locator('rect').evaluateAll((rects) => rects.map((rect) => `${rect.getAttribute('data-day')} ${rect.getAttribute('data-outcome')}=${rect.getAttribute('data-count')}`));
    expect(bars).toEqual([`${first} miss=2`, `${second} miss=4`]);
    const figure = page.locator('figure', { has: chart });
    await expect(figure.locator('.legend').textContent()).resolves.toBe('miss: 6');
    const rows = await figure.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toEqual([[first, '2'], [second, '4']]);
    // Today's requests, made by the tests before, are outside the range too: no other operation or outcome shows.
    await expect(page.locator('svg.chart').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).resolves.toBe(`/console/usage.csv?from=${from}&to=${to}`);
    await screenshot(page, 'usage-range');
  });

  it('reveals and rotates the webhook secret, lists deliveries and replays one', async () => {
    expect((await kith.client.v3('person.enrich', { email: 'nobody@example.com', webhookUrl: `${receiver.url}/hooks` }, { key: account.key })).status).toBe(202);
    const [first] = await receiver.waitFor(1);
    const deliveryId = String(first!.headers['webhook-id']);

    await page.goto(new URL('/console/webhooks', kith.url).toString());
    await page.getByRole('link', { name: 'Reveal' }).click();
    const shown = await page.locator('#secret-value').textContent();
    const stored = await kith.client.admin('GET', `/accounts/${account.account.id}/webhook-secret`);
    expect(shown).toBe(stored.body.secret);

    await page.getByText('Rotate the secret…').click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('new signing secret');
    const rotated = await kith.client.admin('GET', `/accounts/${account.account.id}/webhook-secret`);
    expect(rotated.body.secret).not.toBe(shown);
    expect(rotated.body.previousSecret).toBe(shown);

    await waitFor('the delivery to be listed as delivered', async () => {
      await page.goto(new URL('/console/webhooks', kith.url).toString());
      return (await page.locator(`tr[data-delivery-id="${deliveryId}"]`).textContent().catch(() => ''))!.includes('delivered');
    });
    await screenshot(page, 'webhooks');
    await page.getByRole('button', { name: `Replay delivery ${deliveryId}` }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('due again');
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(deliveryId);

    await waitFor('the replayed attempt to be logged', async () => {
      await page.goto(new URL(`/console/webhooks/deliveries/${deliveryId}`, kith.url).toString());
      return (await page.locator('tbody tr').count()) === 2;
    });
    await expect(page.locator('tbody tr').last().textContent()).resolves.toMatch(/^2.*delivered200/);
    await screenshot(page, 'delivery');
  });

  it('names every form control of every page for assistive technology, the date inputs by their labels', async () => {
    const deliveryId = await (async () => {
      await page.goto(new URL('/console/webhooks', kith.url).toString());
      return (await page.locator('tr[data-delivery-id]').first().getAttribute('data-delivery-id'))!;
    })();
    const signInPage = await (await browser.newContext()).newPage();
    await signInPage.goto(await loginLink(account.account.id));
    const pages: [string, Page][] = [
      ['sign-in', signInPage],
      ...['/console/keys', `/console/keys/${account.keyId}/revoke`, '/console/usage', '/console/webhooks', `/console/webhooks/deliveries/${deliveryId}`].map(
        (path): [string, Page] => [path, page],
      ),
    ];
    const CONTROL = /^\s*- (textbox|searchbox|spinbutton|combobox|listbox|checkbox|radio|slider|switch|button)\b(.*)$/;
    for (const [path, tab] of pages) {
      if (tab === page) await page.goto(new URL(path, kith.url).toString());
      const tree = await tab.locator('body').ariaSnapshot();
      const controls = tree.split('\n').flatMap((line) => {
        const match = CONTROL.exec(line);
        return match ? [{ role: match[1], name: /^ "([^"]*)"/.exec(match[2]!)?.[1] ?? '' }] : [];
      });
      // As many controls in the tree as the page shows inputs, selects, text areas and buttons: none left out.
      const shown = await tab.locator('input:not([type="hidden"]), select, textarea, button').filter({ visible: true }).count();
      expect(controls.length, `${path}:\n${tree}`).toBe(shown);
      expect(shown, path).toBeGreaterThan(0);
      for (const control of controls) expect(control.name.trim(), `${path}: a ${control.role} without a name\n${tree}`).not.toBe('');
    }
    await signInPage.context().close();

    // The usage page's date inputs are found by their visible labels.
    await page.goto(new URL('/console/usage?from=2026-01-01&to=2026-01-31', kith.url).toString());
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe('2026-01-01');
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe('2026-01-31');
    await expect(page.getByLabel('From', { exact: true }).getAttribute('type')).resolves.toBe('date');
  });

  it('refuses a POST without the session CSRF token (403), and takes one with it', async () => {
    const keysUrl = new URL('/console/keys', kith.url).toString();
    await page.goto(keysUrl);
    const token = await page.locator('form[action="/console/keys"] input[name="_csrf"]').inputValue();
    const count = async () => (await kith.client.admin('GET', `/accounts/${account.account.id}/keys`)).body.keys.length;
    const before = await count();
    expect((await page.request.post(keysUrl, { form: {} })).status()).toBe(403);
    expect((await page.request.post(keysUrl, { form: { _csrf: `${token.slice(0, -1)}x` } })).status()).toBe(403);
    expect(await count()).toBe(before);
    expect((await page.request.post(keysUrl, { form: { _csrf: token } })).status()).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('fits a phone screen without sideways scrolling, and starts the keyboard at "Skip to content"', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState: await context.storageState() });
    const small = await phone.newPage();
    for (const section of ['keys', 'usage', 'webhooks']) {
      await small.goto(new URL(`/console/${section}`, kith.url).toString());
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, section).toBeLessThanOrEqual(0);
    }
    await screenshot(small, 'webhooks-phone');
    await small.keyboard.press('Tab');
    await expect(small.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await small.keyboard.press('Enter');
    // The key press returns once Chromium has the key, which may be before it has followed the link.
    await small.waitForURL((url) => url.hash === '#main');
    await phone.close();
  });

  it("answers a page, not JSON, for another account's key", async () => {
    const other = await createAccount(kith);
    const response = await page.goto(new URL(`/console/keys/${other.keyId}/revoke`, kith.url).toString());
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not found');
    expect((await page.request.post(new URL(`/console/keys/${other.keyId}/revoke`, kith.url).toString(), {
      form: { _csrf: await page.locator('input[name="_csrf"]').first().inputValue() },
    })).status()).toBe(404);
    expect(await apiStatus(other.key)).toBe(200);
  });

  it('signs out: the session no longer opens a page', async () => {
    await page.goto(new URL('/console/keys', kith.url).toString());
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/console/signed-out');
    await page.goto(new URL('/console/usage', kith.url).toString());
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
  });
});
