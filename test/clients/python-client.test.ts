import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot, runProcess } from '../support/processes.ts';

describe('the official Python client (python-fullcontact), unmodified', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith('distributed');
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('passes every conformance check', async () => {
    const run = await runProcess('python3', [`${repoRoot}test/clients/python/conformance.py`], {
      KITH_URL: kith.url,
      KITH_API_KEY: account.key,
    });
    const report = `${run.stdout}${run.stderr}`;
    expect(report).toMatch(/^0 failed$/m);
    expect(run.code, report).toBe(0);
  });
});
