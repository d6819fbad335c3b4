import { Readable } from 'node:stream';
import type { Clock } from '../adapters/clock.ts';
import type { Stores } from '../adapters/db/port.ts';
import { issueApiKey } from '../api/api-keys.ts';
import { generateCompanies } from '../synthetic/companies/generate.ts';
import { generatePersons } from '../synthetic/persons/generate.ts';

/** How many generated persons and companies the demo loads, and from which seed (the README's examples are the first). */
const DEMO_PERSONS = { count: 1000, seed: 1 };
const DEMO_COMPANIES = { count: 1000, seed: 1 };

const asLines = (records: unknown[]) => Readable.from(records.map((record) => `${JSON.stringify(record)}\n`));

/**
 * A new embedded database gets a demo account, a key to try it with, and small generated sets of persons and
 * companies to look up: every operation has something to find. Run by seedNewCluster, in the child process that
 * made the database, so that the generators (faker and its locales) never load in the server.
 */
export async function createDemo(stores: Stores, clock: Clock, announce: (text: string) => void, train: boolean) {
  const persons = [...generatePersons(DEMO_PERSONS)];
  const companies = [...generateCompanies(DEMO_COMPANIES)];
  await stores.persons.import(asLines(persons));
  await stores.companies.import(asLines(companies));
  if (train) await stores.persons.trainMatchModel();
  await stores.persons.resolveQueued();
  const example = persons[0]!.details.emails[0]!.value.trim();
  const company = companies[0]!;
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
      `It also loaded ${persons.length} generated persons; one of them: {"email": "${example}"}`,
      `and ${companies.length} generated companies; one of them: {"domain": "${company.domain}"}, or by name {"companyName": "${company.name}"}`,
    ].join('\n'),
  );
}
