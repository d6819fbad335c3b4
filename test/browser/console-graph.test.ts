import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { importThroughAdmin } from '../support/admin-import.ts';
import { newEmail, newIndividual, recordOf, type Individual, type RecordLine } from '../support/graph-records.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { importPersonsToReview } from '../support/persons-to-review.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const screenshot = (page: Page, name: string) => page.screenshot({ path: new URL(`console-${name}.png`, ARTIFACTS).pathname, fullPage: true });

/** A record of the individual born on that day (`YYYY-MM-DD`). */
function bornRecord(individual: Individual, id: string, emails: string[], born: string): RecordLine {
  const record = recordOf(individual, id, emails);
  const [year, month, day] = born.split('-').map(Number);
  return { ...record, details: { ...record.details, age: { birthday: { year, month, day } } } };
}

/** The operator's identity-graph pages in Debian's Chromium, driven by playwright-core, against an embedded Kith. */
describe("the operator's identity graph in the console, in a browser", () => {
  let kith: TestKith;
  let browser: Browser;
  let page: Page;
  const tag = randomBytes(6).toString('hex');
  const address = (path: string) => new URL(path, kith.url).toString();
  /** The marks of a row's cells, left to right. */
  const whyPath = (a: string, b: string) => `/console/graph/why?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;
  const samePerson = () => page.locator('[data-same-person]').getAttribute('data-same-person');
  const decided = () => page.locator('[data-decided]').getAttribute('data-decided');
  const marks = (row: string) => page.locator(`table.records tr[data-row="${row}"] td`).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-mark')));

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    kith = await startTestKith('embedded');
    // One person from two sources (the same name, email, home and birthday), and two namesakes in two towns.
    const ada = newIndividual();
    const email = newEmail('ada');
    await importThroughAdmin(kith, '/admin/persons?source=crm', [bornRecord(ada, `crm-${tag}`, [email], '1980-04-02')]);
    await importThroughAdmin(kith, '/admin/persons?source=web', [bornRecord(ada, `web-${tag}`, [email], '1980-04-02')]);
    const inSeattle = { ...newIndividual('seattle'), given: ada.given, family: ada.family };
    await importThroughAdmin(kith, '/admin/persons?source=shop', [bornRecord(inSeattle, `shop-${tag}`, [newEmail('namesake')], '1961-11-23')]);

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    page = await (await browser.newContext()).newPage();
    const link = await kith.client.admin<ConsoleLink>('POST', '/console-link');
    expect(link.status, link.text).toBe(201);
    await page.goto(link.body.url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/console/graph');
  });
  afterAll(async () => {
    await browser?.close();
    await kith?.stop();
  });

  it('shows why two records of one person link: side by side, the agreeing fields marked, the weights charted', async () => {
    await page.getByLabel('A record (source:id)').fill(`crm:crm-${tag}`);
    await page.getByLabel('Another record (source:id)').fill(`web:web-${tag}`);
    await page.getByRole('button', { name: 'Weigh the two' }).click();
    await page.waitForURL('**/console/graph/why?**');
    await expect(page.locator('[data-same-person]').getAttribute('data-same-person')).resolves.toBe('true');
    await expect(page.locator('table.records thead th[data-record]').evaluateAll((cells) => cells.map((cell) => cell.textContent))).resolves.toEqual([
      `crm:crm-${tag}`,
      `web:web-${tag}`,
    ]);
    for (const row of ['name', 'birthday', 'address', 'email']) await expect(marks(row), row).resolves.toEqual(['agrees', 'agrees']);
    const alone = page.locator('figure[data-link="records-alone"]');
    await expect(alone.locator('.verdict').getAttribute('data-links')).resolves.toBe('true');
    const bars = await alone.locator('svg.weights g[data-evidence]').evaluateAll((groups) => groups.map((group) => [group.getAttribute('data-evidence'), Number(group.getAttribute('data-weight'))] as const));
    expect(bars.map(([evidence]) => evidence)).toEqual(expect.arrayContaining(['prior', 'email', 'name', 'address', 'birthday', 'match weight']));
    expect(bars.find(([evidence]) => evidence === 'email')![1]).toBeGreaterThan(0);
    expect(bars.find(([evidence]) => evidence === 'prior')![1]).toBeLessThan(0);
    await expect(alone.locator('svg.weights rect').count()).resolves.toBe(bars.length);
    await screenshot(page, 'graph-why-one-person');

    // The person's page, a link away: both records, each marked against the other, each hold charted.
    await page.locator('[data-same-person] a').first().click();
    await page.waitForURL('**/console/graph/persons/*');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Person \d+$/);
    await expect(page.locator('table.records thead th[data-record]').count()).resolves.toBe(2);
    await expect(marks('email')).resolves.toEqual(['agrees', 'agrees']);
    await expect(marks('name')).resolves.toEqual(['agrees', 'agrees']);
    await expect(page.locator('figure.link svg.weights').count()).resolves.toBe(2);
    await expect(page.locator('figure.link .verdict').evaluateAll((verdicts) => verdicts.map((verdict) => verdict.getAttribute('data-links')))).resolves.toEqual(['true', 'true']);
    await screenshot(page, 'graph-person');
  });

  it('shows why two namesakes are not one person: the differing fields marked, the verdict and its reasons', async () => {
    await page.goto(address(`/console/graph/why?a=${encodeURIComponent(`crm:crm-${tag}`)}&b=${encodeURIComponent(`shop:shop-${tag}`)}`));
    await expect(page.locator('[data-same-person]').getAttribute('data-same-person')).resolves.toBe('false');
    await expect(marks('name')).resolves.toEqual(['agrees', 'agrees']);
    await expect(marks('email')).resolves.toEqual(['differs', 'differs']);
    await expect(marks('birthday')).resolves.toEqual(['differs', 'differs']);
    await expect(page.locator('td[data-mark="differs"]').first().textContent()).resolves.toContain('✗ differs');
    const alone = page.locator('figure[data-link="records-alone"]');
    await expect(alone.locator('.verdict').getAttribute('data-links')).resolves.toBe('false');
    await expect(alone.locator('.verdict').textContent()).resolves.toMatch(/Does not link: .*birthdays tell them apart/);
    const probability = Number(await alone.locator('[data-probability]').getAttribute('data-probability'));
    expect(probability).toBeLessThan(0.9);
    await expect(alone.locator('svg.weights g[data-kind="against"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('p.notice', { hasText: 'Their birthdays tell them apart' }).count()).resolves.toBe(1);
    await screenshot(page, 'graph-why-two-persons');
  });

  it('answers a person id that is no number, or no person, with the form again and the reason', async () => {
    await page.goto(address('/console/graph'));
    await page.getByLabel('Person id').fill('ada');
    const refused = page.waitForResponse((response) => response.url().includes('/console/graph/persons?'));
    await page.getByRole('button', { name: 'Show the person' }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('positive whole number');
    await expect(page.getByLabel('Person id').inputValue()).resolves.toBe('ada');
    const missing = await page.goto(address('/console/graph/persons/987654321987654321'));
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('No person has the id 987654321987654321');
    await screenshot(page, 'graph-no-person');
  });

  it('lists the persons to review most doubtful first, as the admin API does, each a link to its person', async () => {
    const source = `rv-${tag}`;
    const ids = await importPersonsToReview(kith, source);
    const expected = await kith.client.admin<{ persons: Array<{ personId: string }> }>('GET', `/persons/review?source=${source}`);
    expect(expected.status, expected.text).toBe(200);
    expect(expected.body.persons).toHaveLength(3);

    await page.goto(address('/console/graph'));
    await page.getByRole('link', { name: 'The persons that hold together by a thread, most doubtful first' }).click();
    await page.waitForURL('**/console/graph/review');
    await page.getByLabel('Only persons holding a record of the source').fill(source);
    await page.getByRole('button', { name: 'List them' }).click();
    await page.waitForURL('**/console/graph/review?**');
    const rows = page.locator('table.review tbody tr');
    await expect(rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-person-id')))).resolves.toEqual(expected.body.persons.map((person) => person.personId));
    // The person an operator forced together leads; the bridged one is listed by its bridge.
    expect(ids.forced.map((id) => `${source}:${id}`)).toContain(await rows.first().locator('code').textContent());
    await expect(page.locator('td[data-kind="bridge"]').locator('xpath=..').locator('code').textContent()).resolves.toBe(`${source}:${ids.bridge}`);
    await screenshot(page, 'graph-review');

    await page.getByLabel('How many (at most 1,000)').fill('1');
    await page.getByRole('button', { name: 'List them' }).click();
    await page.waitForURL('**/console/graph/review?**limit=1');
    await expect(rows.count()).resolves.toBe(1);
    await rows.first().getByRole('link').click();
    await page.waitForURL('**/console/graph/persons/*');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Person ${expected.body.persons[0]!.personId}`);
  });

  it('says plainly when there is nothing to review, and names a refused field with the admin API\'s status', async () => {
    await page.goto(address(`/console/graph/review?source=none-${tag}`));
    await expect(page.getByRole('status').textContent()).resolves.toBe(`No person holding a record of none-${tag} holds by a thread: there is nothing to review.`);
    await expect(page.locator('table.review').count()).resolves.toBe(0);
    await screenshot(page, 'graph-review-empty');
    const refused = await page.goto(address('/console/graph/review?limit=0'));
    expect(refused!.status()).toBe(400);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^limit: /);
    await expect(page.getByLabel('How many (at most 1,000)').inputValue()).resolves.toBe('0');
  });

  it('decides two records of one person are never one: they are shown apart with the decision, until it is undone', async () => {
    await page.goto(address(whyPath(`crm:crm-${tag}`, `web:web-${tag}`)));
    await expect(samePerson()).resolves.toBe('true');
    await expect(decided()).resolves.toBe('none');
    await expect(page.getByRole('button', { name: 'Undo the decision' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Never one person' }).click();
    await page.waitForURL('**/console/graph/why?**done=never');
    await expect(samePerson()).resolves.toBe('false');
    await expect(decided()).resolves.toBe('never');
    await expect(page.getByRole('status').textContent()).resolves.toContain('Decided: never one person.');
    const alone = page.locator('figure[data-link="records-alone"] .verdict');
    await expect(alone.getAttribute('data-links')).resolves.toBe('false');
    await expect(alone.textContent()).resolves.toContain('an operator decided they are never one person');
    await expect(page.getByRole('button', { name: 'Never one person' }).count()).resolves.toBe(0);
    await screenshot(page, 'graph-why-decided-never');

    await page.getByRole('button', { name: 'Undo the decision' }).click();
    await page.waitForURL('**/console/graph/why?**done=none');
    await expect(samePerson()).resolves.toBe('true');
    await expect(decided()).resolves.toBe('none');
  });

  it('refuses a decision without the session CSRF token, and answers a refused one with the page and the reason', async () => {
    const [a, b] = [`crm:crm-${tag}`, `shop:shop-${tag}`];
    const decisions = address('/console/graph/decisions');
    expect((await page.request.post(decisions, { form: { a, b, decision: 'always' } })).status()).toBe(403);
    await page.goto(address(whyPath(a, b)));
    await expect(decided()).resolves.toBe('none');
    await expect(samePerson()).resolves.toBe('false');

    const token = await page.locator('form[action="/console/graph/decisions"] input[name="_csrf"]').inputValue();
    const unknown = await page.request.post(decisions, { form: { _csrf: token, a, b, decision: 'maybe' } });
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toMatch(/role="alert">decision: /);
    // A record no source holds: the admin API's 404, said on the form again.
    await page.locator('form[action="/console/graph/decisions"] input[name="b"]').evaluate((input: HTMLInputElement) => (input.value = 'shop:nobody-here'));
    const refused = page.waitForResponse((response) => response.url().endsWith('/console/graph/decisions'));
    await page.getByRole('button', { name: 'Always one person' }).click();
    expect((await refused).status()).toBe(404);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('No such record: b (shop:nobody-here)');
    await expect(page.getByLabel('Another record (source:id)').inputValue()).resolves.toBe('shop:nobody-here');
    await screenshot(page, 'graph-decision-refused');
  });

  it('names its form controls for assistive technology, and fits a phone screen without sideways scrolling', async () => {
    await page.goto(address('/console/graph'));
    for (const label of ['Person id', 'A record (source:id)', 'Another record (source:id)']) await expect(page.getByLabel(label, { exact: true }).count(), label).resolves.toBe(1);
    for (const name of ['Show the person', 'Weigh the two', 'Sign out']) await expect(page.getByRole('button', { name }).count(), name).resolves.toBe(1);
    await screenshot(page, 'graph-home');

    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState: await page.context().storageState() });
    const small = await phone.newPage();
    for (const path of ['/console/graph', `/console/graph/why?a=crm:crm-${tag}&b=shop:shop-${tag}`, `/console/graph/review?source=rv-${tag}`]) {
      await small.goto(address(path));
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await screenshot(small, 'graph-why-phone');
    await phone.close();
  });
});
