import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importThroughAdmin } from '../support/admin-import.ts';
import { newEmail, newIndividual, recordOf, type RecordLine } from '../support/graph-records.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { importPersonsToReview } from '../support/persons-to-review.ts';
import { runCli } from '../support/processes.ts';

describe.each(MODES)('people decide the hard cases (%s)', (mode) => {
  let kith: TestKith;
  const admin = { Authorization: `Bearer unset` };
  const importSource = (source: string, records: RecordLine[]) => importThroughAdmin(kith, `/admin/persons?source=${source}`, records);
  const decide = (a: string, b: string, decision: string) =>
    kith.client.request('POST', '/admin/records/decisions', { headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ a, b, decision }) });
  const why = async (a: string, b: string) => {
    const answer = await kith.client.request('GET', `/admin/records/why?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`, { headers: admin });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    kith = await startTestKith(mode);
    admin.Authorization = `Bearer ${kith.adminToken}`;
  });
  afterAll(() => kith?.stop());

  it('keeps two records decided never one person apart, through a bridging record and a re-import', async () => {
    const ada = newIndividual();
    const tag = randomBytes(6).toString('hex');
    const email = newEmail('shared');
    await importSource('crm', [recordOf(ada, `crm-${tag}`, [email])]);
    await importSource('web', [recordOf(ada, `web-${tag}`, [email])]);
    expect((await why(`crm:crm-${tag}`, `web:web-${tag}`)).samePerson).toBe(true);

    const decided = await decide(`crm:crm-${tag}`, `web:web-${tag}`, 'never');
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body).toMatchObject({ a: { source: 'crm', id: `crm-${tag}` }, decision: 'never', resolution: { split: 1 } });
    const apart = await why(`crm:crm-${tag}`, `web:web-${tag}`);
    expect(apart).toMatchObject({ samePerson: false, records: { links: false, decided: 'never', unlinked: ['decided-never'] } });

    // A record holding the email of both joins one of them, never making them one; nor does importing one again.
    await importSource('forms', [recordOf(ada, `forms-${tag}`, [email])]);
    await importSource('crm', [recordOf(ada, `crm-${tag}`, [email])]);
    const after = await why(`crm:crm-${tag}`, `web:web-${tag}`);
    expect(after.samePerson).toBe(false);
    const bridge = await why(`forms:forms-${tag}`, `crm:crm-${tag}`);
    expect([after.a.personId, after.b.personId]).toContain(bridge.a.personId);
  });

  it('keeps two records decided always one person together through a change, until the decision is withdrawn', async () => {
    const [ada, grace] = [newIndividual(), newIndividual('seattle')];
    const tag = randomBytes(6).toString('hex');
    await importSource('crm', [recordOf(ada, `crm-${tag}`, [newEmail('ada')])]);
    await importSource('web', [recordOf(grace, `web-${tag}`, [newEmail('grace')])]);
    expect((await why(`crm:crm-${tag}`, `web:web-${tag}`)).samePerson).toBe(false);

    const decided = await decide(`crm:crm-${tag}`, `web:web-${tag}`, 'always');
    expect(decided.status, decided.text).toBe(200);
    expect(await why(`crm:crm-${tag}`, `web:web-${tag}`)).toMatchObject({ samePerson: true, aToPersonOfB: { links: true, decided: 'always' } });

    await importSource('web', [recordOf(grace, `web-${tag}`, [newEmail('grace-new')])]);
    expect((await why(`crm:crm-${tag}`, `web:web-${tag}`)).samePerson).toBe(true);

    expect((await decide(`web:web-${tag}`, `crm:crm-${tag}`, 'none')).status).toBe(200);
    const undone = await why(`crm:crm-${tag}`, `web:web-${tag}`);
    expect(undone.samePerson).toBe(false);
    expect(undone.records.decided).toBeUndefined();
  });

  it('lists the persons that hold by a thread, most doubtful first: a forced link, a bridge, a weak link', async () => {
    const source = `rv-${randomBytes(5).toString('hex')}`;
    const ids = await importPersonsToReview(kith, source);

    const review = await kith.client.request('GET', `/admin/persons/review?source=${source}`, { headers: admin });
    expect(review.status, review.text).toBe(200);
    const listed = review.body.persons as Array<{ kind: string; weight: number; records: number; record: { id: string } }>;
    expect(listed.map((person) => person.weight)).toEqual([...listed.map((person) => person.weight)].sort((a, b) => a - b));
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ kind: 'weak-link', records: 2 });
    expect(ids.forced).toContain(listed[0]!.record.id);
    expect(listed).toContainEqual(expect.objectContaining({ kind: 'bridge', records: 5, record: expect.objectContaining({ id: ids.bridge }) }));
    expect(listed).toContainEqual(expect.objectContaining({ kind: 'weak-link', records: 2, record: expect.objectContaining({ source }) }));
    const bad = await kith.client.request('GET', '/admin/persons/review?limit=0', { headers: admin });
    expect(bad.body).toMatchObject({ status: 400, message: expect.stringContaining('limit') });
  });

  it('refuses a decision it cannot keep, naming the field', async () => {
    const record = `x-${randomBytes(6).toString('hex')}`;
    await importSource('x', [recordOf(newIndividual(), record, [newEmail('x')])]);
    expect((await decide(`x:${record}`, 'x:other', 'maybe')).body).toMatchObject({ status: 400, message: expect.stringContaining('decision') });
    expect((await decide(`x:${record}`, `x:${record}`, 'never')).status).toBe(400);
    const missing = await decide(`x:${record}`, 'x:nobody-here', 'never');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('b');
  });
});

describe('kith persons review and decide, over the admin API', () => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith('postgres');
  });
  afterAll(() => kith?.stop());

  it('lists the persons to review, and says what was decided and what the resolution did', async () => {
    const ada = newIndividual();
    const tag = randomBytes(6).toString('hex');
    const [crm, web] = [`crm-${tag}`, `web-${tag}`];
    const email = newEmail('cli');
    await importThroughAdmin(kith, `/admin/persons?source=${crm}`, [recordOf(ada, 'r-1', [email])]);
    await importThroughAdmin(kith, `/admin/persons?source=${web}`, [recordOf(ada, 'r-1', [email])]);
    const env = { KITH_URL: kith.url, KITH_ADMIN_TOKEN: kith.adminToken };

    const review = await runCli(['persons', 'review', '--source', web], env);
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toMatch(new RegExp(`^person +records +thread +bits +probability +at\\n\\d+ +2 +weak-link +\\+\\d+\\.\\d\\d +[\\d.]+ +(${crm}|${web}):r-1\\n$`));

    const run = await runCli(['persons', 'decide', `${crm}:r-1`, `${web}:r-1`, '--never'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${crm}:r-1 and ${web}:r-1 are never one person: 2 records resolved again, 0 persons merged, 1 split off, 0 moved.\n`);
    const unsaid = await runCli(['persons', 'decide', `${crm}:r-1`, `${web}:r-1`], env);
    expect(unsaid.code).toBe(1);
    expect(unsaid.stderr).toContain('--never, --always or --undo');
  });
});
