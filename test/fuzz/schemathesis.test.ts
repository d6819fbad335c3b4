import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanies, newCompany, uniqueWord } from '../support/companies.ts';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { SCHEMATHESIS_VERSION } from '../support/global-setup.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { runProcess } from '../support/processes.ts';
import { v3Operations } from '../../domain/operations.ts';
import { CONSENT_CHANNELS, CONSENT_PURPOSES } from '../../schemas/v3/permission.ts';
import { answersByOperation, formatAnswers } from './har-answers.ts';
import { schemathesisConfig, type KnownData } from './schemathesis-config.ts';

/**
 * What every answer must satisfy (docs/decisions.md, "Fuzzing"). positive_data_acceptance is left out: the
 * document cannot say everything the zod schemas refine (one of recordId or partnerId, a domain that is a
 * domain name, an Idempotency-Key replayed with another body), so some schema-valid requests are rightly refused
 * with 400 or 422; the share refused is bounded below instead.
 */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'missing_required_header',
  'ignored_auth',
  'unsupported_method',
  'use_after_free',
  'ensure_resource_availability',
];

/** Cases per operation and phase: the run is bounded by counts, so its verdict is the same on a slow machine. */
const MAX_EXAMPLES = 20;

/**
 * The most of a positive run's cases (data the document calls valid) an operation may refuse as invalid (400,
 * 422): the document has to say what Kith takes closely enough for a client generated from it to send valid
 * requests. Answers to the fuzzer's requests without the key (401) are left out.
 */
const MOST_REFUSED_SHARE = 0.5;

/** Every operation an account's key reaches: each must be fuzzed. */
const FUZZED_OPERATIONS = [
  ...Object.keys(v3Operations).map((name) => `POST /v3/${name}`),
  'GET /v3/audience.download',
  'HEAD /v3/audience.download',
  'POST /v3/audience.download',
  'GET /v2/company/lookup.json',
  'GET /v2/person.json',
  'GET /v2/verification/email.json',
].sort();

describe('schemathesis against /openapi.json', () => {
  let kith: TestKith;
  let account: TestAccount;
  let workDir: string;
  const known: KnownData = {
    emails: [],
    phones: [],
    domains: [],
    companyNames: [],
    recordIds: [],
    subscriptionIds: [],
    audienceIds: [],
    withdrawableEmails: [],
    purposeIds: Object.keys(CONSENT_PURPOSES).map(Number),
  };
  // Every known person consented to every purpose on every channel: permission.verify finds whichever is asked.
  const consentPurposes = Object.keys(CONSENT_PURPOSES).map((purposeId) => ({ purposeId: Number(purposeId), channel: [...CONSENT_CHANNELS], enabled: true }));
  const call = async (operation: string, body: unknown) => {
    const answer = await kith.client.v3(operation, body, { key: account.key });
    expect(answer.status, `${operation}: ${answer.text}`).toBeLessThan(300);
    return answer.body;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'kith-fuzz-'));
    // Deliveries to 127.0.0.1:9 fail and are retried: enough for subscriptions and audiences to be made.
    kith = await startTestKith('embedded', { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    // A rate limit and an audience limit the run never reaches: the operations are fuzzed, not the limits.
    const plan = await createPlan(kith, { rateLimit: 1_000_000, audienceLimit: 10_000 });
    account = await createAccount(kith, { plan: plan.name });

    const persons = [newPerson(), newPerson(), newPerson()];
    const withdrawing = [newPerson(), newPerson()];
    const company = newCompany();
    await loadPersons(kith, [...persons, ...withdrawing]);
    await loadCompanies(kith, [company]);
    known.emails = persons.map((person) => person.details.emails[0]!.value);
    known.phones = persons.map((person) => person.details.phones[0]!.value);
    known.domains = [company.domain];
    known.companyNames = [uniqueWord(company)];
    for (const [index, email] of known.emails.entries()) {
      const recordId = `fuzz-record-${index}-${Date.now()}`;
      await call('identity.map', { recordId, email, tags: [{ key: 'segment', value: 'fuzz' }] });
      known.recordIds.push(recordId);
      await call('permission.create', { query: { email }, consentPurposes, ...CONSENT_COLLECTION });
      const subscription = await call('person.subscribe', { email, webhookUrl: 'http://127.0.0.1:9/changes' });
      known.subscriptionIds.push(subscription.subscriptionId);
    }
    for (const person of withdrawing) {
      const email = person.details.emails[0]!.value;
      await call('permission.create', { query: { email }, consentPurposes, ...CONSENT_COLLECTION });
      known.withdrawableEmails.push(email);
    }
    const audience = await call('audience.create', { webhookUrl: 'http://127.0.0.1:9/audience', tags: [{ key: 'segment', value: 'fuzz' }] });
    known.audienceIds.push(audience.requestId);
    await writeFile(join(workDir, 'schemathesis.toml'), schemathesisConfig(account.key, known));
  });
  afterAll(async () => {
    await kith?.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  async function schemathesis(mode: 'positive' | 'negative', phases: string) {
    const report = join(workDir, `${mode}.har`);
    const run = await runProcess(
      'python3',
      [
        '-m',
        'schemathesis.cli',
        '--config-file',
        join(workDir, 'schemathesis.toml'),
        'run',
        `${kith.url}/openapi.json`,
        // The API an account's key reaches; /admin/* (the operator's token), /healthz and /readyz are not fuzzed.
        '--include-path-regex',
        '^/v[23]/',
        '--mode',
        mode,
        '--phases',
        phases,
        '--checks',
        CHECKS.join(','),
        '--max-examples',
        String(MAX_EXAMPLES),
        // No hang: every answer within 10 s (the synchronous deadline is at most 2.9 s), else the run fails.
        '--request-timeout',
        '10',
        // One worker: with two, hypothesis's lambda-source cache races between threads and the run errors with
        // "AST constructor recursion depth mismatch" (a schemathesis-side failure, not Kith's).
        '--workers',
        '1',
        // The same cases on every run: a verdict that does not depend on luck either.
        '--generation-deterministic',
        '--no-color',
        '--output-truncate',
        'true',
        '--report',
        'har',
        '--report-har-path',
        report,
      ],
      { SCHEMATHESIS_HOOKS: fileURLToPath(new URL('./schemathesis_hooks.py', import.meta.url)) },
    );
    const output = `${run.stdout}${run.stderr}`;
    const answers = await readFile(report, 'utf8').then((text) => answersByOperation(JSON.parse(text), FUZZED_OPERATIONS), () => new Map<string, number[]>());
    console.log(`schemathesis ${SCHEMATHESIS_VERSION}, ${mode} (${phases}):\n${formatAnswers(answers)}`);
    return { code: run.code, output, answers };
  }

  it('finds no 5xx, no answer off its schema and no hang, and every operation takes most of what the document calls valid', { timeout: 900_000 }, async () => {
    const run = await schemathesis('positive', 'examples,fuzzing,stateful');
    expect(run.code, run.output).toBe(0);
    // Every operation was reached, and got past its input to its logic at least once.
    expect([...run.answers.keys()].sort()).toEqual(FUZZED_OPERATIONS);
    for (const [operation, statuses] of run.answers) {
      expect(statuses.filter((status) => status < 300).length, `${operation}: ${statuses.join(' ')}`).toBeGreaterThan(0);
      const keyed = statuses.filter((status) => status !== 401);
      const refused = keyed.filter((status) => status === 400 || status === 422);
      expect(refused.length / keyed.length, `${operation} refused valid data: ${statuses.join(' ')}`).toBeLessThan(MOST_REFUSED_SHARE);
    }
  });

  it('refuses what the document calls invalid, without a 5xx or a hang', { timeout: 900_000 }, async () => {
    const run = await schemathesis('negative', 'coverage,fuzzing');
    expect(run.code, run.output).toBe(0);
    expect([...run.answers.keys()].sort()).toEqual(FUZZED_OPERATIONS);
  });
});
