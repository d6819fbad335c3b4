import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importThroughAdmin } from '../support/admin-import.ts';
import { namesakesInTwoTowns, newEmail, newIndividual, recordOf, type RecordLine } from '../support/graph-records.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { runCli } from '../support/processes.ts';

type Evidence = { evidence: string; agrees?: boolean };
type Hold = { recordId: string; link: { links: boolean; weight: number; evidence: Evidence[] } };

describe.each(MODES)('why and how on the admin API (%s)', (mode) => {
  let kith: TestKith;
  const admin = () => ({ headers: { Authorization: `Bearer ${kith.adminToken}` } });
  const importSource = (source: string, records: RecordLine[]) => importThroughAdmin(kith, `/admin/persons?source=${source}`, records);
  const why = (a: string, b: string) => kith.client.request('GET', `/admin/records/why?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`, admin());
  const how = (personId: string) => kith.client.request('GET', `/admin/persons/${personId}`, admin());

  beforeAll(async () => {
    kith = await startTestKith(mode);
  });
  afterAll(() => kith?.stop());

  it('explains a merge and a split as they stand now: the records, each link\'s evidence, the merged-away id', async () => {
    const { inPortland, inSeattle } = namesakesInTwoTowns();
    const tag = randomBytes(6).toString('hex');
    const [e1, e2] = [newEmail('first'), newEmail('second')];
    await importSource('a', [recordOf(inPortland, `a-${tag}`, [e1])]);
    await importSource('b', [recordOf(inSeattle, `b-${tag}`, [e2])]);

    const apart = await why(`a:a-${tag}`, `b:b-${tag}`);
    expect(apart.status, apart.text).toBe(200);
    expect(apart.body).toMatchObject({ samePerson: false, a: { source: 'a', id: `a-${tag}` }, b: { source: 'b', id: `b-${tag}` } });
    expect(apart.body.aToPersonOfB).toMatchObject({ links: false, unlinked: ['below-link-odds'] });
    const [first, second] = [apart.body.a.personId as string, apart.body.b.personId as string];

    // A record holding both emails bridges the namesakes: one person, the first's id lives on.
    const bridge = inPortland;
    await importSource('c', [recordOf(bridge, `c-${tag}`, [e1, e2])]);
    const joined = await why(`a:a-${tag}`, `b:b-${tag}`);
    expect(joined.body).toMatchObject({ samePerson: true, a: { personId: first }, b: { personId: first } });
    expect(joined.body.aToPersonOfB.links).toBe(true);
    expect(joined.body.aToPersonOfB.evidence).toContainEqual(expect.objectContaining({ evidence: 'email', agrees: true }));

    const merged = await how(second);
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body).toMatchObject({ personId: first, mergedIds: [second], model: expect.any(String) });
    expect(merged.body.records.map((record: { source: string; id: string }) => `${record.source}:${record.id}`).sort()).toEqual([`a:a-${tag}`, `b:b-${tag}`, `c:c-${tag}`]);
    const holds = merged.body.holds as Hold[];
    expect(holds).toHaveLength(3);
    expect(holds.every((hold) => hold.link.links)).toBe(true);
    expect(holds.map((hold) => hold.link.weight)).toEqual([...holds.map((hold) => hold.link.weight)].sort((x, y) => x - y));

    // The bridge loses the second email: Seattle's record no longer holds, and why says so.
    await importSource('c', [recordOf(bridge, `c-${tag}`, [e1])]);
    const split = await why(`a:a-${tag}`, `b:b-${tag}`);
    expect(split.body).toMatchObject({ samePerson: false, a: { personId: first } });
    expect(split.body.b.personId).not.toBe(first);
    const kept = await how(first);
    expect(kept.body.records.map((record: { source: string }) => record.source).sort()).toEqual(['a', 'c']);
  });

  it('refuses what names no person or record, naming the field', async () => {
    expect((await how('abc')).body).toMatchObject({ status: 400, message: expect.stringContaining('personId') });
    expect((await how('987654321987654321')).status).toBe(404);
    const record = `x-${randomBytes(6).toString('hex')}`;
    await importSource('x', [recordOf(newIndividual(), record, [newEmail('x')])]);
    expect((await why(`x:${record}`, '')).body).toMatchObject({ status: 400, message: expect.stringContaining('b:') });
    expect((await why(`Bad Source:${record}`, `x:${record}`)).body).toMatchObject({ status: 400, message: expect.stringContaining('a:') });
    expect((await why(`x:${record}`, `x:${record}`)).status).toBe(400);
    const missing = await why(`x:${record}`, 'x:nobody-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('b');
    expect((await kith.client.request('GET', `/admin/persons/1`)).status).toBe(401);
  });
});

describe('kith persons show and why, over the admin API', () => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith('postgres');
  });
  afterAll(() => kith?.stop());
  const cli = async (...args: string[]) => {
    const run = await runCli(args, { KITH_URL: kith.url, KITH_ADMIN_TOKEN: kith.adminToken });
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };

  it('prints a person\'s records and links, and why two records are one, as an analyst reads them', async () => {
    const ada = newIndividual();
    const tag = randomBytes(6).toString('hex');
    const email = newEmail('shown');
    await importThroughAdmin(kith, '/admin/persons?source=crm', [recordOf(ada, `crm-${tag}`, [email])]);
    await importThroughAdmin(kith, '/admin/persons?source=web', [recordOf(ada, `web-${tag}`, [email])]);

    const why = await cli('persons', 'why', `crm:crm-${tag}`, `web:web-${tag}`);
    const personId = /one person, (\d+)/.exec(why)?.[1];
    expect(personId, why).toBeDefined();
    expect(why).toContain(`crm:crm-${tag} (${ada.given} ${ada.family}) and web:web-${tag}`);
    expect(why).toMatch(/The two records alone:\n  weight \+\d+\.\d\d bits .*: links\n    email agrees \+\d+\.\d\d; name \+/);

    const shown = await cli('persons', 'show', personId!);
    expect(shown).toContain(`Person ${personId}: 2 records`);
    expect(shown).toContain(`  crm:crm-${tag}  ${ada.given} ${ada.family}`);
    expect(shown).toMatch(/Each record against the others, weakest first:\n  (crm|web):\1-\w+: weight/);
    expect(JSON.parse(await cli('--json', 'persons', 'show', personId!))).toMatchObject({ personId, holds: [{ link: { links: true } }, { link: { links: true } }] });
  });
});
