import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { MODEL_REFRESH_MS } from '../../workers/shared/model-in-use.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import type { TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { startTrainingKith, trainNow } from '../support/training-kith.ts';
import { waitFor } from '../support/wait-for.ts';

const persons = [...generatePersons({ count: 1000, seed: 77 })];
const ndjson = persons.map((person) => JSON.stringify(person)).join('\n');

describe.each(MODES)('training the match model (%s)', (mode) => {
  let trainingKith: Awaited<ReturnType<typeof startTrainingKith>>;
  let kith: TestKith;
  let account: TestAccount;
  const byNameAndAddress = () => {
    const [person] = persons;
    const location = person!.details.locations[0]!;
    return kith.client.v3('person.enrich', { name: person!.details.name, location }, { key: account.key });
  };

  beforeAll(async () => {
    trainingKith = await startTrainingKith(mode);
    kith = trainingKith.kith;
    account = await createAccount(kith);
  });
  afterAll(() => trainingKith?.stop());

  it('answers with the default model until persons are imported, then with the model trained on them', async () => {
    const imported = await kith.client.request('POST', '/admin/persons', {
      headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'application/x-ndjson' },
      body: ndjson,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1000, matchModel: { version: expect.stringMatching(/^trained-\d+$/), persons: 1000 } });
    const { version } = imported.body.matchModel;
    let model: string | undefined;
    // Workers look for a newer model every MODEL_REFRESH_MS.
    await waitFor(
      'an answer weighed by the trained model',
      async () => (model = (await byNameAndAddress()).body.match?.model) === version,
      { timeoutMs: 3 * MODEL_REFRESH_MS, progress: () => model },
    );
  });

  it('trains again on demand, as a newer version', async () => {
    const first = (await byNameAndAddress()).body.match.model as string;
    const trained = await trainNow(kith);
    expect(trained.status, trained.text).toBe(200);
    expect(trained.body).toEqual({ version: expect.stringMatching(/^trained-\d+$/), persons: 1000, homePairs: { pairs: expect.any(Number), apart: expect.any(Number), sameDay: expect.any(Number), oneNameApart: expect.any(Number) } });
    expect(Number(trained.body.version.slice(8))).toBeGreaterThan(Number(first.slice(8)));
  });
});
