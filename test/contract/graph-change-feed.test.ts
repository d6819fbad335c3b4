import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importThroughAdmin } from '../support/admin-import.ts';
import { namesakesInTwoTowns, newEmail, recordOf } from '../support/graph-records.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

type GraphChangeEvent = { changeId: string; kind: string; before: string[]; after: string[]; records: Array<{ source: string; id: string }>; changedAt: string };

describe('the change feed on Kafka (distributed)', () => {
  const prefix = `t${randomBytes(6).toString('hex')}`;
  let kith: TestKith;
  let consumer: Consumer;
  const events: GraphChangeEvent[] = [];

  // A database of its own: another suite's Kith on the shared one could claim this suite's changes first and
  // publish them on its own topics.
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    kith = await startTestKith('distributed', { KITH_TOPIC_PREFIX: prefix, DATABASE_URL: database.url });
    consumer = new Kafka({ brokers: kafkaBrokers(), clientId: 'graph-feed-test', logLevel: logLevel.NOTHING }).consumer({ groupId: `${prefix}-feed-test` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${prefix}.graph-changes`, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void events.push(JSON.parse(message.value!.toString())) });
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await kith?.stop();
    await database?.drop();
  });

  /** Two namesakes in two towns, each imported from a source of its own with an email of its own: two persons. */
  async function namesakesApart() {
    const { inPortland, inSeattle } = namesakesInTwoTowns();
    const tag = randomBytes(6).toString('hex');
    const [e1, e2] = [newEmail('first'), newEmail('second')];
    await importThroughAdmin(kith, '/admin/persons?source=a', [recordOf(inPortland, `a-${tag}`, [e1])]);
    await importThroughAdmin(kith, '/admin/persons?source=b', [recordOf(inSeattle, `b-${tag}`, [e2])]);
    return { inPortland, inSeattle, tag, e1, e2 };
  }

  it('publishes a merge and a split with the persons before and after and the records that went', async () => {
    const { inPortland, tag, e1, e2 } = await namesakesApart();
    await importThroughAdmin(kith, '/admin/persons?source=c', [recordOf(inPortland, `c-${tag}`, [e1, e2])]);
    const ours = (kind: string) => events.find((event) => event.kind === kind && event.records.some((record) => record.id.endsWith(tag)));
    await waitFor('the merge on the feed', async () => ours('merged') !== undefined, { timeoutMs: 60_000 });
    const merged = ours('merged')!;
    expect(merged.before).toHaveLength(2);
    expect(merged.after).toEqual([merged.before[1]]);
    expect(merged.records).toEqual([{ source: 'b', id: `b-${tag}` }]);
    expect(merged.changedAt).toEqual(expect.any(String));

    await importThroughAdmin(kith, '/admin/persons?source=c', [recordOf(inPortland, `c-${tag}`, [e1])]);
    await waitFor('the split on the feed', async () => ours('split') !== undefined, { timeoutMs: 60_000 });
    const split = ours('split')!;
    expect(split.before).toEqual(merged.after);
    expect(split.after).toEqual([...merged.after, expect.stringMatching(/^\d+$/)]);
    expect(split.records).toEqual([{ source: 'b', id: `b-${tag}` }]);
  });

  it('publishes a move: a record changed to match another person leaves the one it was in, which keeps its others', async () => {
    const { inPortland, inSeattle, tag, e1, e2 } = await namesakesApart();
    await importThroughAdmin(kith, '/admin/persons?source=c', [recordOf(inPortland, `c-${tag}`, [e1])]);
    // The third source's record moves to Seattle and takes the second email: it is the Seattle namesake's now.
    await importThroughAdmin(kith, '/admin/persons?source=c', [recordOf(inSeattle, `c-${tag}`, [e2])]);
    const moved = () => events.find((event) => event.kind === 'moved' && event.records.some((record) => record.id === `c-${tag}`));
    await waitFor('the move on the feed', async () => moved() !== undefined, { timeoutMs: 60_000 });
    const { before, after, records } = moved()!;
    expect(records).toEqual([{ source: 'c', id: `c-${tag}` }]);
    expect(before).toHaveLength(2);
    expect(after).toEqual(before);
  });
});
