import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import { openDeliverySide, type DeliverySide } from '../support/delivery-side.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { scratchDir } from '../support/scratch-dir.ts';
import { kafkaBrokers } from '../support/services.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Longer than any test: what is claimed here is claimed because a delivery came or a slot freed, never by the poll. */
const NO_POLL_MS = 600_000;

describe("the delivery worker's claims of due deliveries", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The arguments of an embedded delivery side (PGlite, one thread), or of a distributed one (PostgreSQL, Kafka). */
  async function sideArgs(mode: 'embedded' | 'distributed') {
    const prefix = `claims${randomBytes(4).toString('hex')}`;
    if (mode === 'embedded') return ['embedded', await scratchDir('kith-delivery-claims-', cleanups), prefix];
    const database = await freshPostgresDatabase();
    cleanups.push(() => database.drop());
    return ['distributed', kafkaBrokers().join(','), database.url, prefix];
  }

  /** A delivery side with one account, a receiver, and a count of the claim queries its worker makes. */
  async function setUp(mode: 'embedded' | 'distributed', limits: { concurrency: number; perAccount: number }) {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const side = await openDeliverySide(await sideArgs(mode), { ...limits, pollMs: NO_POLL_MS });
    cleanups.push(() => side.close());
    const plan = (await side.stores.plans.findByName('Standard'))!;
    const account = await side.stores.accounts.create({ name: 'claims', planId: plan.id, identitySharing: false, billingAnchor: '2026-11-01' });
    const counted = { claims: 0 };
    const claimDue = side.stores.deliveries.claimDue.bind(side.stores.deliveries);
    side.stores.deliveries.claimDue = (input) => {
      counted.claims += 1;
      return claimDue(input);
    };
    const worker = await side.startWorker();
    cleanups.push(() => worker.stop());
    return { receiver, side, accountId: account.id, counted };
  }

  const deliveries = (side: DeliverySide, receiver: WebhookReceiver, accountId: string, count: number) =>
    side.bus.publish(
      side.topics.deliveries,
      Array.from({ length: count }, (_, index) => {
        const event: DeliveryRequested = {
          deliveryId: `msg_${randomBytes(12).toString('hex')}`,
          accountId,
          requestId: `claims-${index}`,
          operation: 'person.enrich',
          url: `${receiver.url}/hook`,
          body: JSON.stringify({ index }),
          createdAt: new Date().toISOString(),
        };
        return { key: accountId, value: JSON.stringify(event) };
      }),
    );

  it('attempts a delivery that finds a slot free without a claim, and claims nothing when its slot frees', async () => {
    const { receiver, side, accountId, counted } = await setUp('embedded', { concurrency: 4, perAccount: 2 });
    await receiver.waitFor(0);
    const atStart = counted.claims; // the loop's first look, before anything came
    for (let sent = 1; sent <= 10; sent++) {
      await deliveries(side, receiver, accountId, 1);
      await receiver.waitFor(sent, 30_000);
    }
    expect(atStart).toBe(1);
    expect(counted.claims).toBe(atStart);
  });

  it("stores the deliveries that come while their account's slots are all taken without claiming for each: a slot that frees claims them", async () => {
    const { receiver, side, accountId, counted } = await setUp('embedded', { concurrency: 4, perAccount: 2 });
    receiver.stall();
    await deliveries(side, receiver, accountId, 2);
    await receiver.waitForConnections(2);
    const atStart = counted.claims; // the account's two slots are taken now
    for (let sent = 0; sent < 10; sent++) await deliveries(side, receiver, accountId, 1);
    for (let stored = 0; stored < 12; stored = (await side.stores.deliveries.list(accountId, { limit: 100 })).length) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(counted.claims).toBe(atStart);
    receiver.resume();
    receiver.answerHeld();
    const received = await receiver.waitFor(12, 30_000);
    expect(new Set(received.map((webhook) => webhook.headers['webhook-id'])).size).toBe(12);
    expect(counted.claims).toBeGreaterThan(atStart);
  });

  it("lets one account use the idle slots past its share, all but a share's worth kept for another account", async () => {
    const { receiver, side, accountId } = await setUp('embedded', { concurrency: 4, perAccount: 1 });
    receiver.stall();
    await deliveries(side, receiver, accountId, 6);
    // Its share (1) and two idle slots: the fourth stays free.
    await receiver.waitForConnections(3);
    const stored = () => side.stores.deliveries.list(accountId, { limit: 100 });
    while ((await stored()).length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await stored()).filter((delivery) => delivery.attempts === 0)).toHaveLength(3);
    // Another account's delivery takes the slot kept free at once.
    const other = await startWebhookReceiver();
    cleanups.push(() => other.close());
    const plan = (await side.stores.plans.findByName('Standard'))!;
    const otherAccount = await side.stores.accounts.create({ name: 'claims-other', planId: plan.id, identitySharing: false, billingAnchor: '2026-11-01' });
    await deliveries(side, other, otherAccount.id, 1);
    await other.waitFor(1);
    // The first account got no more meanwhile, and gets the rest once its receiver answers.
    expect((await stored()).filter((delivery) => delivery.attempts === 0)).toHaveLength(3);
    receiver.resume();
    receiver.answerHeld();
    const received = await receiver.waitFor(6, 30_000);
    expect(new Set(received.map((webhook) => webhook.headers['webhook-id'])).size).toBe(6);
  });

  it("claims the deliveries that waited for a slot as slots free, their account's limit below the worker's, with no poll to find them", async () => {
    // On PostgreSQL, slots free up while a claim runs: the claim must not take that for "nothing left".
    const { receiver, side, accountId, counted } = await setUp('distributed', { concurrency: 8, perAccount: 4 });
    const count = 100;
    await deliveries(side, receiver, accountId, count);
    const received = await receiver.waitFor(count, 60_000);
    expect(new Set(received.map((webhook) => JSON.parse(webhook.body).index)).size).toBe(count);
    expect(counted.claims).toBeGreaterThanOrEqual(1 + (count - 4) / 4); // the first look, then a claim for each 4 waiting at least
  }, 90_000);
});
