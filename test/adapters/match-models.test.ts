import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { importPersons, sqlPersonWriter, type PersonWriter } from '../../adapters/persons/import.ts';
import { matchModelStore, trainMatchModel } from '../../adapters/persons/match-models.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { DEFAULT_MODEL } from '../../domain/matching/model.ts';
import { LEAST_PERSONS_TO_TRAIN } from '../../domain/matching/train.ts';
import { LEAST_PAIRS, readsBirthdaysApart, readsTwins } from '../../domain/identity-graph/home-pairs.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';

const implementations = dataImplementations({ copy: pgCopyPersonWriter, sql: sqlPersonWriter }).filter((implementation) => !implementation.name.includes('COPY'));
const lines = (count: number, seed: number) =>
  Readable.from([...generatePersons({ count, seed })].map((person) => `${JSON.stringify(person)}\n`));

describe.each(implementations)('match model training ($name)', (implementation) => {
  let subject: DataSubject<PersonWriter>;
  beforeAll(async () => {
    subject = await implementation.open();
  });
  afterAll(() => subject?.done());

  it('trains nothing on too few persons, and no version is in use', async () => {
    await importPersons(subject.writer, lines(LEAST_PERSONS_TO_TRAIN - 1, 5));
    expect(await trainMatchModel(subject.db)).toEqual({ version: undefined, persons: LEAST_PERSONS_TO_TRAIN - 1 });
    expect(await matchModelStore(subject.db).latestVersion()).toBeUndefined();
  });

  it('trains on every person, with progress, and stores the model as the newest version', async () => {
    await importPersons(subject.writer, lines(1500, 6));
    const progress: number[] = [];
    // Batches of 70: ids 1 to 2,499 read in order of the number, each once (as text, '100' comes before '99').
    const trained = await trainMatchModel(subject.db, { progress: (persons) => progress.push(persons), batchSize: 70 });
    const persons = LEAST_PERSONS_TO_TRAIN - 1 + 1500;
    expect(trained).toEqual({ version: expect.stringMatching(/^trained-\d+$/), persons, homePairs: { pairs: expect.any(Number), apart: expect.any(Number), sameDay: expect.any(Number), oneNameApart: expect.any(Number) } });
    expect(progress.at(-1)).toBe(persons);
    expect(progress).toHaveLength(Math.ceil(persons / 70));
    const store = matchModelStore(subject.db);
    expect(await store.latestVersion()).toBe(trained.version);
    const model = (await store.load(trained.version!))!;
    expect(model).toMatchObject({ version: trained.version, persons, identifiers: DEFAULT_MODEL.identifiers });
    // Learnt from the data: generated family names repeat, regions too.
    expect(Object.keys(model.frequencies!.family!).length).toBeGreaterThan(10);
    expect(model.levels.region.exact!.u).not.toBe(DEFAULT_MODEL.levels.region.exact!.u);
  });

  it('trains the same model again from the same persons, and keeps the last five versions', async () => {
    const store = matchModelStore(subject.db);
    const first = (await store.load((await store.latestVersion())!))!;
    const versions = [];
    for (let n = 0; n < 6; n += 1) versions.push((await trainMatchModel(subject.db)).version!);
    const again = (await store.load(versions.at(-1)!))!;
    expect({ ...again, version: first.version }).toEqual(first);
    const [{ kept }] = (await subject.db.query<{ kept: number }>('SELECT count(*)::int AS kept FROM match_models')) as [{ kept: number }];
    expect(kept).toBe(5);
    expect(await store.load(first.version)).toBeUndefined();
  });

  it('trains on every n-th person beyond the sample size, counting terms for all of them', async () => {
    const progress: number[] = [];
    const trained = await trainMatchModel(subject.db, { sampleSize: 1250, progress: (persons) => progress.push(persons) });
    const persons = LEAST_PERSONS_TO_TRAIN - 1 + 1500;
    expect(trained.persons).toBe(persons);
    // Every second id of 1 to 2,499.
    expect(progress.at(-1)).toBe(Math.floor(persons / 2));
    const model = (await matchModelStore(subject.db).load(trained.version!))!;
    expect(model.persons).toBe(persons);
  });

  it('counts the pairs at one home under one family name by how they were born, and stops reading twins when one day outnumbers apart', async () => {
    const trainedBefore = await trainMatchModel(subject.db);
    const before = trainedBefore.homePairs!;
    expect(readsTwins({ homePairs: before })).toBe(true);
    // Each person twice at a home of its own, the second record's given name replaced, as a source may write it.
    const pairs = before.apart + LEAST_PAIRS + 5;
    const written = Array.from({ length: pairs }, (_, n) => [homeRecord(`twice-${n}-a`, 'Alinta', n), homeRecord(`twice-${n}-b`, 'Brogan', n)]).flat();
    await importPersons(subject.writer, Readable.from(written.map((record) => `${JSON.stringify(record)}\n`)));
    const after = await trainMatchModel(subject.db);
    expect(after.homePairs).toEqual({ ...before, pairs: before.pairs! + pairs, sameDay: before.sameDay + pairs });
    const modelBefore = (await matchModelStore(subject.db).load(trainedBefore.version!))!;
    const modelAfter = (await matchModelStore(subject.db).load(after.version!))!;
    expect(readsTwins(modelAfter)).toBe(false);
    // Read as one person's records, the pairs born on one day at one home teach m: a given name replaced in one
    // pair of records in a few, rather than the default's one in fifty.
    expect(modelBefore.levels.given.different!.m).toBe(DEFAULT_MODEL.levels.given.different!.m);
    expect(modelAfter.levels.given.different!.m).toBeGreaterThan(3 * DEFAULT_MODEL.levels.given.different!.m);
  });

  it('counts the pairs of one name at one home born apart, and reads birth dates as written wrong when they outnumber households born apart', async () => {
    const trainedBefore = await trainMatchModel(subject.db);
    const before = trainedBefore.homePairs!;
    expect(readsBirthdaysApart({ homePairs: before })).toBe(true);
    // Generated persons are each one record: pairs of one name are namesakes, born apart and living apart, and
    // teach nothing (EM would take them for one person's records, all of whose birth dates differ).
    expect((await matchModelStore(subject.db).load(trainedBefore.version!))!.levels.birthday).toEqual(DEFAULT_MODEL.levels.birthday);
    // Each person twice at a home of its own, the second record's birth date replaced by another.
    const pairs = before.apart + LEAST_PAIRS + 5;
    const written = Array.from({ length: pairs }, (_, n) => [homeRecord(`dated-${n}-a`, 'Alinta', n + 500), homeRecord(`dated-${n}-b`, 'Alinta', n + 500, true)]).flat();
    await importPersons(subject.writer, Readable.from([...written, ...copies('dated', 1000)].map((record) => `${JSON.stringify(record)}\n`)));
    const after = await trainMatchModel(subject.db);
    expect(after.homePairs).toEqual({ ...before, pairs: before.pairs! + pairs + COPIES, oneNameApart: before.oneNameApart! + pairs });
    const model = (await matchModelStore(subject.db).load(after.version!))!;
    expect(readsBirthdaysApart(model)).toBe(false);
    // Pairs of one name teach m (learn-m-from-pairs.ts, the session `name`): a birth date replaced in one pair of
    // one person's records in a few, rather than the default's one in thirty.
    expect(model.levels.birthday.different!.m).toBeGreaterThan(3 * DEFAULT_MODEL.levels.birthday.different!.m);
  });

  it('learns from pairs of one name born on one day how often one person\'s records give two addresses', async () => {
    const store = matchModelStore(subject.db);
    const before = (await store.load((await trainMatchModel(subject.db)).version!))!;
    // Each person twice, the second record at another home of another town.
    const written = Array.from({ length: 60 }, (_, n) => {
      const first = homeRecord(`moved-${n}-a`, 'Corrie', n + 1200);
      return [first, { ...first, id: `moved-${n}-b`, details: { ...first.details, locations: [{ addressLine1: `${n + 1} Banksia Parade`, city: 'Orange', postalCode: `${5800 + n}`, countryCode: 'AU' }] } }];
    }).flat();
    await importPersons(subject.writer, Readable.from([...written, ...copies('moved', 1100)].map((record) => `${JSON.stringify(record)}\n`)));
    const after = (await store.load((await trainMatchModel(subject.db)).version!))!;
    expect(after.levels.address.different!.m).toBeGreaterThan(1.5 * before.levels.address.different!.m);
  });
});

/**
 * Persons written twice alike at homes of their own from the n-th on: the pairs plainly one person's that EM
 * tells the others by (learn-m-from-pairs.ts `anchored`).
 */
const COPIES = 30;
const copies = (prefix: string, from: number) =>
  Array.from({ length: COPIES }, (_, n) => [homeRecord(`${prefix}-copy-${n}-a`, 'Marlee', from + n), homeRecord(`${prefix}-copy-${n}-b`, 'Marlee', from + n)]).flat();

/** A record of a family name of its own at a home of its own (the n-th), born on a day of its own, or on another (`replaced`). */
const homeRecord = (id: string, given: string, n: number, replaced = false) => ({
  id,
  details: {
    name: { given, family: `Quarrington${[n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676)].map((letter) => String.fromCharCode(97 + letter)).join('')}` },
    age: { birthday: replaced ? { year: 2003, month: 1 + ((n + 6) % 12), day: 1 + ((n + 14) % 28) } : { year: 1950 + (n % 40), month: 1 + (n % 12), day: 1 + (n % 28) } },
    locations: [{ addressLine1: `${n + 1} Wattle Grove`, city: 'Dubbo', postalCode: `${2800 + n}`, countryCode: 'AU' }],
  },
});
