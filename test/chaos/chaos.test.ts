import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChaos, type ChaosResult } from '../support/chaos.ts';

const SYNC_DEADLINE_MS = 2500;
/** What an answer may take beyond the sync deadline: the ingress's own work, on two busy cores. */
const MARGIN_MS = 1000;

describe('distributed mode under faults: workers, an ingress and the broker killed during webhook load', () => {
  let result: ChaosResult;
  beforeAll(async () => {
    result = await runChaos({
      requests: 1000,
      durationMs: 60_000,
      concurrency: 16,
      outageMs: 6000,
      syncDeadlineMs: SYNC_DEADLINE_MS,
      progress: (line) => process.stdout.write(`[chaos] ${line}\n`),
    });
    process.stdout.write(`[chaos] counts ${JSON.stringify(result.counts)}\n`);
  }, 960_000);
  afterAll(() => result?.close(), 120_000);

  it('delivers every accepted request, each under one webhook-id', () => {
    expect(result.counts.accepted).toBeGreaterThan(0);
    expect(result.counts.acceptedNotDelivered).toBe(0);
    expect(result.counts.requestsWithSeveralWebhookIds).toBe(0);
    expect(result.counts.other).toBe(0);
  });

  it('answered 503 or 202 within the sync deadline while the broker was down, and was tried then', () => {
    const during = result.answers.filter((answer) => answer.sentAt >= result.outage.from && answer.sentAt <= result.outage.to);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((answer) => answer.outcome === 503).length).toBeGreaterThan(0);
    for (const answer of during) {
      expect([202, 503], `request ${answer.n}`).toContain(answer.outcome);
      expect(answer.ms, `request ${answer.n}`).toBeLessThanOrEqual(SYNC_DEADLINE_MS + MARGIN_MS);
    }
  });

  it('counts usage exactly: one match per request that reached the workers', async () => {
    const matches = await result.matches();
    process.stdout.write(`[chaos] stats.get person.enrichment.matches.count ${matches}\n`);
    // Every accepted request reached the workers; so did any whose answer was lost (ingress killed mid-request).
    expect(matches).toBe(result.counts.deliveredRequests);
    expect(matches).toBe(result.counts.accepted + result.counts.deliveredWithoutAccept);
  }, 180_000);
});
