import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanies, newCompany } from '../support/companies.ts';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { runCli } from '../support/processes.ts';
import { scratchDir } from '../support/scratch-dir.ts';

/**
 * Embedded, and distributed (two ingress replicas, Kafka, the enrichment worker in a process of its own), where
 * the batches the CLI sends at once spread over the partitions.
 */
describe.each(['embedded', 'distributed'] as const)('kith enrich persons|companies: a file of requests sent as batches (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  let dir: string;
  const cleanups: (() => Promise<void>)[] = [];
  const persons = Array.from({ length: 5 }, () => newPerson());
  const acme = newCompany();

  beforeAll(async () => {
    // A short rate-limit window, so that a run on a small plan goes through several windows in a few seconds.
    kith = await startTestKith(mode, { KITH_RATE_LIMIT_WINDOW_SECONDS: '2' });
    account = await createAccount(kith);
    await loadPersons(kith, persons);
    await loadCompanies(kith, [acme]);
    dir = await scratchDir('kith-enrich-', cleanups);
  });
  afterAll(async () => {
    await kith?.stop();
    for (const cleanup of cleanups) await cleanup();
  });

  const enrich = (args: string[], apiKey = account.key) => runCli(['enrich', ...args], { KITH_URL: kith.url, KITH_API_KEY: apiKey });

  it('writes one result a line in the file’s order, over several batches, bad lines answered 400 without stopping', async () => {
    // 23 requests in batches of 5: every tenth a miss, line 8 no JSON, line 12 blank, line 15 an array.
    const lines = Array.from({ length: 25 }, (_, index) => {
      const line = index + 1;
      if (line === 8) return '{"email": ';
      if (line === 12) return '';
      if (line === 15) return '[1, 2]';
      const email = line % 10 === 0 ? `nobody-${line}@example.org` : persons[line % persons.length]!.details.emails[0]!.value;
      return JSON.stringify({ email, metadata: { line } });
    });
    const file = join(dir, 'persons.ndjson');
    const out = join(dir, 'persons-results.ndjson');
    await writeFile(file, `${lines.join('\n')}\n`);

    const run = await enrich(['persons', '--file', file, '--out', out, '--batch-size', '5', '--in-flight', '3']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Enriched 24 requests in [\d.]+ s: 20 × 200, 2 × 400, 2 × 404/);
    // stderr is no terminal here: the progress bar is written as lines, the last one at 100% with the final count.
    const progress = run.stderr.split('\n').filter(Boolean);
    expect(progress[0]).toMatch(/^person\.bulkEnrich \S+ 0% \| 0 requests \| 0 requests\/s$/);
    expect(progress.at(-1)).toMatch(/^person\.bulkEnrich \S+ 100% \| 24 requests \| \d+ requests\/s$/);

    const results = (await readFile(out, 'utf8')).trim().split('\n').map((text) => JSON.parse(text));
    expect(results.map((result) => result.line)).toEqual([...Array.from({ length: 25 }, (_, index) => index + 1)].filter((line) => line !== 12));
    for (const result of results) {
      if (result.line === 8 || result.line === 15) {
        expect(result).toMatchObject({ status: 400, data: { status: 400, message: expect.stringContaining(`line ${result.line}: `) } });
      } else if (result.line % 10 === 0) {
        expect(result).toMatchObject({ status: 404, metadata: { line: result.line } });
      } else {
        expect(result).toMatchObject({ status: 200, metadata: { line: result.line }, data: { fullName: persons[result.line % persons.length]!.fullName } });
      }
    }
  });

  it('sends company.enrich requests to company.bulkEnrich, results on stdout when no --out is given', async () => {
    const file = join(dir, 'companies.ndjson');
    await writeFile(file, `${JSON.stringify({ domain: acme.domain })}\n${JSON.stringify({ domain: 'fullcontact' })}\n`);
    const run = await enrich(['companies', '--file', file]);
    expect(run.code, run.stderr).toBe(0);
    const results = run.stdout.trim().split('\n').map((text) => JSON.parse(text));
    expect(results).toMatchObject([
      { line: 1, status: 200, data: { name: acme.name } },
      { line: 2, status: 422 },
    ]);
    // Results on stdout: the progress and the summary on stderr, the summary last.
    const stderr = run.stderr.split('\n').filter(Boolean);
    expect(stderr.at(-2)).toMatch(/^company\.bulkEnrich \S+ 100% \| 2 requests \| \d+ requests\/s$/);
    expect(stderr.at(-1)).toMatch(/^Enriched 2 requests in [\d.]+ s: 1 × 200, 1 × 422$/);
  });

  it('makes its batches fit a plan smaller than a batch, and gets every answer', async () => {
    // 4 calls per window, 4 batches at once: the default batches of 100 could never pass (a 400 for each).
    const small = await createAccount(kith, { plan: (await createPlan(kith, { rateLimit: 4 })).name });
    const file = join(dir, 'small-plan.ndjson');
    const lines = Array.from({ length: 9 }, (_, index) => JSON.stringify({ email: persons[index % persons.length]!.details.emails[0]!.value }));
    await writeFile(file, `${lines.join('\n')}\n`);
    const run = await enrich(['persons', '--file', file], small.key);
    expect(run.code, run.stderr).toBe(0);
    const results = run.stdout.trim().split('\n').map((text) => JSON.parse(text));
    expect(results.map((result) => [result.line, result.status])).toEqual(lines.map((_, index) => [index + 1, 200]));
  });

  it('stops with the API’s message when the key is refused, and names a missing file or key', async () => {
    const file = join(dir, 'one.ndjson');
    await writeFile(file, `${JSON.stringify({ email: 'a@example.org' })}\n`);
    const refused = await enrich(['persons', '--file', file], 'kith_not-a-key');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/person\.bulkEnrich: 401 /);

    const missing = await enrich(['persons', '--file', join(dir, 'absent.ndjson')]);
    expect(missing.stderr).toContain('no such file');
    const noKey = await runCli(['enrich', 'persons', '--file', file], { KITH_URL: kith.url });
    expect(noKey.stderr).toContain('KITH_API_KEY');
  });
});
