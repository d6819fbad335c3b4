import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { loadPersons, newPerson } from '../support/persons.ts';
import { runProcess } from '../support/processes.ts';
import { SCHEMATHESIS_VERSION } from '../support/global-setup.ts';

/**
 * What every answer must satisfy (docs/decisions.md, "Fuzzing"). positive_data_acceptance is left out: the
 * document cannot say everything the zod schemas refine (one of recordId or partnerId, a domain that is a
 * domain name, an Idempotency-Key replayed with another body), so schema-valid requests are rightly refused
 * with 400 or 422; the stateful checks need links the document does not have.
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
];

/** The whole run's budget: coverage, then fuzzing repeated until it is spent. */
const MAX_SECONDS = 45;
/** Fewer cases than this: the run was starved of time rather than thorough (it covers 31 operations). */
const MIN_CASES = 500;

describe('schemathesis against /openapi.json', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith('embedded');
    await loadPersons(kith, [newPerson(), newPerson(), newPerson()]);
    // A rate limit the run never reaches: the operations are fuzzed, not the limiter (whose 403 is documented).
    const plan = await createPlan(kith, { rateLimit: 1_000_000 });
    account = await createAccount(kith, { plan: plan.name });
  });
  afterAll(() => kith?.stop());

  it('finds no 5xx, no answer off its schema and no hang in any v3 or v2 operation', { timeout: (MAX_SECONDS + 45) * 1000 }, async () => {
    const started = Date.now();
    const run = await runProcess(
      'python3',
      [
        '-m',
        'schemathesis.cli',
        'run',
        `${kith.url}/openapi.json`,
        '--header',
        `Authorization: Bearer ${account.key}`,
        // The API an account's key reaches; /admin/* (the operator's token), /healthz and /readyz are not fuzzed.
        '--include-path-regex',
        '^/v[23]/',
        '--checks',
        CHECKS.join(','),
        '--max-examples',
        '25',
        '--max-time',
        String(MAX_SECONDS),
        // No hang: every answer within 10 s (the synchronous deadline is at most 2.9 s), else the run fails.
        '--request-timeout',
        '10',
        // One worker: with two, hypothesis's lambda-source cache races between threads and the run errors with
        // "AST constructor recursion depth mismatch" (a schemathesis-side failure, not Kith's).
        '--workers',
        '1',
        '--generation-database',
        'none',
        '--no-color',
        '--output-truncate',
        'true',
      ],
      { SCHEMATHESIS_HOOKS: '' },
    );
    const report = `${run.stdout}${run.stderr}`;
    const cases = /(\d+) generated/.exec(report)?.[1];
    console.log(`schemathesis ${SCHEMATHESIS_VERSION}: ${cases ?? '?'} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(run.code, report).toBe(0);
    // Time-bounded, so the count follows the machine's load: about 3,700 alone, 970 beside other suites.
    expect(Number(cases), report).toBeGreaterThan(MIN_CASES);
  });
});
