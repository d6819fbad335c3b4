import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import { openDeliverySide, type DeliverySide } from '../support/delivery-side.ts';
import { scratchDir } from '../support/scratch-dir.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Longer than any test: what is claimed here is claimed because a delivery came or a slot freed, never by the poll. */
const NO_POLL_MS = 600_000;

describe("the delivery worker's claims of due deliveries", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An embedded delivery side with one account, a receiver, and a count of the claim queries its worker makes. */
  async function setUp(limits: { concurrency: number; perAccount: number }) {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const side = await openDeliverySide(['embedded', await scratchDir('kith-delivery-claims-', cleanups), `claims${randomBytes(4).toString('hex')}`], {
      ...limits,
      pollMs: NO_POLL_MS,
    });
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
    const { receiver, side, accountId, counted } = await setUp({ concurrency: 4, perAccount: 2 });
    await receiver.waitFor(0);
    const atStart = counted.claims; // the loop's first look, before anything came
    for (let sent = 1; sent <= 10; sent++) {
      await deliveries(side, receiver, accountId, 1);
      await receiver.waitFor(sent, 30_000);
    }
    expect(atStart).toBe(1);
    expect(counted.claims).toBe(atStart);
  });

  it("claims the deliveries that waited for a slot as slots free, their account's limit below the worker's, with no poll to find them", async () => {
    const { receiver, side, accountId, counted } = await setUp({ concurrency: 4, perAccount: 2 });
    await deliveries(side, receiver, accountId, 8);
    const received = await receiver.waitFor(8, 30_000);
    expect(received.map((webhook) => JSON.parse(webhook.body).index).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(counted.claims).toBeGreaterThanOrEqual(1 + 3); // the first look, then a claim for each pair of waiting deliveries at least
  });
});
