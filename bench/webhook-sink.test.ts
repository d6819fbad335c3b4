import { describe, expect, it } from 'vitest';
import { rotation } from './load.ts';
import { deliveriesOfRounds, numberedApart, watchDeliveries, webhookUrlFor, type DeliveryPhaseResult } from './webhook-sink.ts';

/** A 202 answer carrying request `n`'s webhook URL, as the load generator sees it. */
const accepted = (n: number) => JSON.stringify({ status: 202, message: `Queued. Your response will be sent to ${webhookUrlFor(n)}` });

describe("the webhook scenario's watch of deliveries", () => {
  it('counts each run of a phase as a round of its own, and only the 202s answered during it', async () => {
    const watch = watchDeliveries(0);
    watch.accepted(accepted(1), 202); // before any measured run: not measured
    await watch.phase('saturation');
    watch.accepted(accepted(2), 202);
    watch.accepted(accepted(3), 503);
    await watch.phase(undefined);
    await watch.phase('saturation');
    watch.accepted(accepted(4), 202);
    watch.accepted(accepted(5), 202);
    await watch.phase(undefined);
    await watch.phase('fixed-rate');
    watch.accepted(accepted(6), 202);
    await watch.phase(undefined);
    const rounds = watch.result();
    expect(rounds.saturation?.map((round) => round.accepted)).toEqual([1, 2]);
    expect(rounds['fixed-rate']?.map((round) => round.accepted)).toEqual([1]);
    // Nothing reached the sink here: every request accepted, none delivered.
    expect(rounds.saturation?.map((round) => round.delivered)).toEqual([0, 0]);
  });

  it('numbers every request apart, however often the bodies repeat', () => {
    const bodies = [0, 1].map((n) => JSON.stringify({ email: `p${n}@example.com`, webhookUrl: webhookUrlFor(n) }));
    const next = numberedApart(rotation(bodies));
    const sent = Array.from({ length: 5 }, () => JSON.parse(next()) as { email: string; webhookUrl: string });
    expect(sent.map((body) => body.email)).toEqual(['p0@example.com', 'p1@example.com', 'p0@example.com', 'p1@example.com', 'p0@example.com']);
    expect(sent.map((body) => body.webhookUrl)).toEqual([0, 1, 2, 3, 4].map(webhookUrlFor));
  });

  it("reports the chosen round's result of each phase", () => {
    const result = (acceptedCount: number): DeliveryPhaseResult => ({
      accepted: acceptedCount,
      delivered: acceptedCount,
      acceptedPerSecond: acceptedCount,
      deliveredPerSecond: acceptedCount,
      firstAttemptMs: { p50: 1, p99: 2, max: 3 },
      drainedMs: 0,
    });
    const rounds = { saturation: [result(10), result(20), result(30)], 'fixed-rate': [result(1), result(2), result(3)] };
    expect(deliveriesOfRounds(rounds, { saturation: 2, 'fixed-rate': 0 })).toEqual({ saturation: result(30), 'fixed-rate': result(1) });
  });
});
