import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../adapters/clock.ts';
import type { Stores } from '../adapters/db/port.ts';
import { issueApiKey } from '../api/api-keys.ts';
import { generateDemoData, type DemoExamples } from '../synthetic/demo-data.ts';

/**
 * The first start of an empty embedded database gets a demo account, a key to try it with, and small generated
 * sets of persons and companies to look up: every operation has something to find.
 */
export async function createDemoIfEmpty(stores: Stores, clock: Clock, announce: (text: string) => void, train: boolean) {
  if ((await stores.accounts.list()).length > 0) return;
  const examples = await importDemoData(stores);
  if (train) await stores.persons.trainMatchModel();
  const plan = (await stores.plans.findByName('Standard'))!;
  const account = await stores.accounts.create({
    name: 'Demo',
    planId: plan.id,
    identitySharing: false,
    billingAnchor: clock.now().toISOString().slice(0, 10),
  });
  const key = await issueApiKey(stores.apiKeys, account.id);
  announce(
    [
      'Kith created a demo account on first start.',
      `  account id: ${account.id}`,
      `  API key:    ${key.key}`,
      'The key is shown only this once; make more with: kith keys create --account <account id>',
      `It also loaded ${examples.persons} generated persons; one of them: {"email": "${examples.personEmail}"}`,
      `and ${examples.companies} generated companies; one of them: {"domain": "${examples.companyDomain}"}, or by name {"companyName": "${examples.companyName}"}`,
    ].join('\n'),
  );
}

/** The demo's persons and companies, generated in a child process into files that are gone afterwards. */
async function importDemoData(stores: Stores): Promise<DemoExamples> {
  const dir = await mkdtemp(join(tmpdir(), 'kith-demo-'));
  try {
    const generated = await generateDemoData(dir);
    await stores.persons.import(createReadStream(generated.persons));
    await stores.companies.import(createReadStream(generated.companies));
    return generated.examples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
