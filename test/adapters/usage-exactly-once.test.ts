import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { UsageRecorded } from '../../schemas/events/usage-recorded.ts';
import { runScriptToEnd } from '../support/processes.ts';
import { clickhouseUrl, dropClickHouseDatabase, kafkaBrokers } from '../support/services.ts';
import { openUsageSide } from '../support/usage-side.ts';
import { waitFor } from '../support/wait-for.ts';
import { scratchDir } from '../support/scratch-dir.ts';


const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const modes = [
  {
    name: 'embedded: embedded bus, usage in PGlite',
    async args() {
      const dataDir = await scratchDir('kith-usage-eo-', cleanups);
      return ['embedded', dataDir, `eo${randomBytes(4).toString('hex')}`];
    },
  },
  {
    name: 'distributed: Kafka, usage in ClickHouse',
    async args() {
      const database = `kith_eo_${randomBytes(4).toString('hex')}`;
      cleanups.push(() => dropClickHouseDatabase(database));
      return ['distributed', kafkaBrokers().join(','), clickhouseUrl(), database, `eo${randomBytes(4).toString('hex')}`];
    },
  },
];

describe.each(modes)('usage counted exactly once across a crash ($name)', (mode) => {
  it('loses nothing and counts nothing twice when the writer dies between the write and the commit', async () => {
    const args = await mode.args();
    const accountId = randomUUID();
    const at = new Date().toISOString();
    const events: UsageRecorded[] = Array.from({ length: 120 }, (_, index) => ({
      eventId: randomUUID(),
      accountId,
      operation: 'person.enrich',
      outcome: index < 70 ? 'match' : 'miss',
      at,
    }));
    const today = at.slice(0, 10);

    const publisher = await openUsageSide(args);
    await publisher.bus.publish(
      publisher.topics.usage,
      events.map((event) => ({ key: accountId, value: JSON.stringify(event) })),
    );
    await publisher.close();

    const crashed = await runScriptToEnd('usage-writer-crash.ts', args);
    expect(crashed.output, crashed.output).toMatch(/wrote \d+/);
    expect(crashed.signal).toBe('SIGKILL');

    const side = await openUsageSide(args);
    cleanups.unshift(() => side.close());
    const counted = async () =>
      Object.fromEntries((await side.store.totals(accountId, today, today)).map((row) => [row.outcome, row.count]));
    const writer = await side.startWriter();
    cleanups.unshift(() => writer.stop());
    await waitFor('all 120 events counted', async () => {
      const counts = await counted();
      return (counts.match ?? 0) + (counts.miss ?? 0) >= 120;
    }, { timeoutMs: 30_000 });
    await sleep(1000);
    expect(await counted()).toEqual({ match: 70, miss: 50 });
  }, 90_000);

  it('counts an event once when its producer publishes it again at a new offset (a request handled twice after a crash)', async () => {
    const args = await mode.args();
    const accountId = randomUUID();
    const at = new Date().toISOString();
    const today = at.slice(0, 10);
    const events: UsageRecorded[] = Array.from({ length: 40 }, () => ({ eventId: randomUUID(), accountId, operation: 'person.enrich', outcome: 'match', at }));
    const side = await openUsageSide(args);
    cleanups.unshift(() => side.close());
    const publish = (batch: UsageRecorded[]) =>
      side.bus.publish(side.topics.usage, batch.map((event) => ({ key: accountId, value: JSON.stringify(event) })));
    const counted = async () => (await side.store.totals(accountId, today, today))[0]?.count ?? 0;
    const writer = await side.startWriter();
    cleanups.unshift(() => writer.stop());

    // The request worker published, died before committing, handled the requests again and published again;
    // then again for half of them once the first copies were counted.
    await publish(events);
    await publish(events);
    await waitFor('the 40 events counted', async () => (await counted()) >= 40, { timeoutMs: 30_000 });
    await publish([...events.slice(0, 20), { ...events[0]!, at: new Date().toISOString() }]);
    await sleep(1500);
    expect(await counted()).toBe(40);
  }, 90_000);
});
