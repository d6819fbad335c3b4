import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { importThroughAdmin } from '../support/admin-import.ts';
import type { TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';
import { startTrainingKith, trainNow } from '../support/training-kith.ts';
import { waitFor } from '../support/wait-for.ts';

const persons = [...generatePersons({ count: 1000, seed: 78 })];
/** More lookups than training needs to learn from them (domain/matching/confirmed-lookups.ts LEAST_CONFIRMED). */
const CONFIRMED = 40;

type MatchField = { field: string; level: string; weight: number };

/**
 * m learned from lookups the identifiers confirm (#47 part 5, docs/matching.md "How m is learned"): callers whose
 * birthdays are wrong teach the model that a wrong birthday is what their data holds, not another person.
 */
describe.each(MODES)('m learned from confirmed lookups (%s)', (mode) => {
  let trainingKith: Awaited<ReturnType<typeof startTrainingKith>>;
  let kith: TestKith;
  let account: TestAccount;
  /**
   * person.enrich by the person's name and home with a birthday wholly other, and by its personal email when
   * `confirmed` (a lookup the email confirms, which the workers count): the answer's model and birthday level. A
   * lookup without the email is counted by nobody, so the checks below add nothing to what training learns from.
   */
  const withWrongBirthday = async (person: PersonRecord, { confirmed }: { confirmed: boolean }) => {
    const { name, locations, emails, age } = person.details;
    const born = age!.birthday!;
    const birthday = { year: born.year! - 23, month: (born.month! % 12) + 1, day: (born.day! % 28) + 1 };
    const email = emails.find((candidate) => candidate.label === 'personal')!.value;
    const query = { name, location: locations[0], birthday, confidence: 'LOW', ...(confirmed ? { email } : {}) };
    const answer = await kith.client.v3('person.enrich', query, { key: account.key });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.details.emails.map((found: { value: string }) => found.value)).toContain(email);
    const nameAddress = answer.body.match.evidence.find((item: { evidence: string }) => item.evidence === 'name_address');
    return { model: answer.body.match.model as string, born: (nameAddress.fields as MatchField[]).find((field) => field.field === 'birthday')! };
  };
  const checked = (person: PersonRecord) => withWrongBirthday(person, { confirmed: false });

  beforeAll(async () => {
    trainingKith = await startTrainingKith(mode);
    kith = trainingKith.kith;
    account = await createAccount(kith);
    await importThroughAdmin(kith, '/admin/persons', persons);
  });
  afterAll(() => trainingKith?.stop());

  it('counts the levels of lookups whose email names the person, and the next training learns m from them', async () => {
    const before = await checked(persons[0]!);
    expect(before.born.level).toBe('different');
    for (const person of persons.slice(1, 1 + CONFIRMED)) expect((await withWrongBirthday(person, { confirmed: true })).born.level).toBe('different');

    // The workers add their counts every few seconds; each training reads what has been added so far.
    let after = before;
    await waitFor(
      'a training that learned from the confirmed lookups',
      async () => {
        const trained = await trainNow(kith);
        expect(trained.status, trained.text).toBe(200);
        await waitFor('the trained model in use', async () => (after = await checked(persons[0]!)).model === trained.body.version, {
          timeoutMs: 30_000,
        });
        return after.born.weight > before.born.weight + 3;
      },
      { timeoutMs: 90_000, progress: () => after.born },
    );
    // A wrong birthday is still evidence against, but far less: CONFIRMED callers' birthdays were wrong, beside the
    // defaults' pseudo-lookups, however many checks it took to see it.
    expect(after.born.weight).toBeLessThan(0);
  });
});
