import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import { openDeliverySide } from '../support/delivery-side.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startScript } from '../support/processes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { scratchDir } from '../support/scratch-dir.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const modes = [
  {
    name: 'embedded: PGlite on disk, embedded bus',
    async args() {
      const dataDir = await scratchDir('kith-delivery-crash-', cleanups);
      return ['embedded', dataDir, `dc${randomBytes(4).toString('hex')}`];
    },
  },
  {
    name: 'distributed: PostgreSQL, Kafka',
    // A database of its own: the worker it kills would otherwise hold claims on other suites' deliveries, due
    // while it ran, until their lease lapsed.
    async args() {
      const database = await freshPostgresDatabase();
      cleanups.push(() => database.drop());
      return ['distributed', kafkaBrokers().join(','), database.url, `dc${randomBytes(4).toString('hex')}`];
    },
  },
];

describe.each(modes)('a delivery worker killed in the middle of an attempt ($name)', (mode) => {
  it('leaves the delivery to be attempted again, with the same webhook-id, once its claim lapses', async () => {
    const args = await mode.args();
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    receiver.stall();

    // Accept the work, as a worker finishing a webhook request does, then let go of the database.
    const setup = await openDeliverySide(args);
    const plan = (await setup.stores.plans.findByName('Standard'))!;
    const account = await setup.stores.accounts.create({ name: 'crash', planId: plan.id, identitySharing: false, billingAnchor: '2026-01-01' });
    const event: DeliveryRequested = {
      deliveryId: `msg_${randomBytes(12).toString('hex')}`,
      accountId: account.id,
      requestId: 'crash-test',
      operation: 'person.enrich',
      url: `${receiver.url}/hook`,
      body: JSON.stringify({ fullName: 'Ada Lovelace' }),
      createdAt: new Date().toISOString(),
    };
    await setup.bus.publish(setup.topics.deliveries, [{ key: account.id, value: JSON.stringify(event) }]);
    await setup.close();

    const worker = startScript('delivery-worker-child.ts', args);
    await receiver.waitForConnections(1, 30_000);
    worker.child.kill('SIGKILL');
    expect(await worker.ended).toBe('SIGKILL');

    receiver.respondWith(200);
    receiver.resume();
    const restarted = await openDeliverySide(args);
    cleanups.unshift(() => restarted.close());
    const consumer = await restarted.startWorker();
    cleanups.unshift(() => consumer.stop());
    const [delivered] = await receiver.waitFor(1, 30_000);
    expect(delivered!.headers['webhook-id']).toBe(event.deliveryId);
    expect(delivered!.body).toBe(event.body);
  }, 90_000);
});
