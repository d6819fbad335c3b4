import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot } from '../support/processes.ts';
import { runConformance } from './run-conformance.ts';

describe('the official Python client (python-fullcontact), unmodified', () => {
  let kith: TestKith;
  let account: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith('distributed', { KITH_TAG_MIN_AGE_HOURS: '0' });
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('passes every conformance check', async () => {
    await runConformance(kith, account, 'python', 'python3', [`${repoRoot}test/clients/python/conformance.py`]);
  });
});
