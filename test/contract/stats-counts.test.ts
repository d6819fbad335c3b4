import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PIPELINE_KINDS, startPipeline, type Pipeline, type TestOperation } from '../support/pipeline.ts';
import { waitFor } from '../support/wait-for.ts';

/** A lookup whose outcome the caller chooses: `{hit: true}` matches (200), `{hit: false}` misses (404). */
const lookup = (summary: string): TestOperation => ({
  spec: { summary, worker: 'usage', lookup: true, request: z.object({ hit: z.boolean() }), response: z.object({ found: z.literal(true) }) },
  handler: async (request) =>
    (request.body as { hit: boolean }).hit
      ? { status: 200, body: { found: true } }
      : { status: 404, body: { status: 404, message: 'Profile not found' } },
});

describe.each(PIPELINE_KINDS)('stats.get counts usage exactly (%s)', (kind) => {
  let pipeline: Pipeline;
  beforeAll(async () => {
    pipeline = await startPipeline(kind, {
      'person.enrich': lookup('person lookup standing in for person.enrich'),
      'company.enrich': lookup('company lookup standing in for company.enrich'),
    });
  });
  afterAll(() => pipeline?.stop());

  async function send(operation: string, body: unknown, key: string, times: number, status: number) {
    for (let i = 0; i < times; i += 1) expect((await pipeline.call(operation, body, key)).status).toBe(status);
  }

  async function stats(key: string) {
    const answer = await pipeline.call('stats.get', {}, key);
    expect(answer.status).toBe(200);
    return (await answer.json()) as { stats: { person: any; company: any } };
  }

  it('counts a known sequence of requests: matches, misses, totals, quota', async () => {
    const plan = await pipeline.stores.plans.create({ name: `quota-${randomUUID()}`, period: 'MONTH', baseCost: 10, rateLimit: 1000, personQuota: 5, companyQuota: 100 });
    const { key } = await pipeline.newAccountKey(plan.name);
    const other = await pipeline.newAccountKey();
    await send('person.enrich', { hit: true }, key, 7, 200);
    await send('person.enrich', { hit: false }, key, 4, 404);
    await send('person.enrich', { hit: 'yes' }, key, 2, 400);
    await send('company.enrich', { hit: true }, key, 3, 200);
    await send('company.enrich', { hit: false }, key, 1, 404);
    await send('person.enrich', { hit: true }, other.key, 5, 200);

    // Usage is counted a moment after the answers (batched), each account's events perhaps in another batch.
    await waitFor('every call of both accounts counted', async () => {
      const { stats: counts } = await stats(key);
      const { stats: othersCounts } = await stats(other.key);
      return (
        counts.person.enrichment.total.count >= 13 &&
        counts.company.enrichment.total.count >= 4 &&
        othersCounts.person.enrichment.total.count >= 5
      );
    });
    const { stats: counts } = await stats(key);
    expect(counts.person).toEqual({
      enrichment: {
        matches: { count: 7, quota: 5, overQuota: true },
        misses: { count: 4, quota: null, overQuota: false },
        total: { count: 13 },
      },
      subscriptions: { count: 0, quota: null, overQuota: false },
    });
    expect(counts.company.enrichment).toEqual({
      matches: { count: 3, quota: 100, overQuota: false },
      misses: { count: 1, quota: null, overQuota: false },
      total: { count: 4 },
    });
    const others = await stats(other.key);
    expect(others.stats.person.enrichment.matches.count).toBe(5);
    expect(others.stats.company.enrichment.total.count).toBe(0);
  }, 60_000);

  it('reports only the products asked for', async () => {
    const { key } = await pipeline.newAccountKey();
    const answer = await pipeline.call('stats.get', { stats: ['company'] }, key);
    const body = (await answer.json()) as { stats: Record<string, unknown> };
    expect(Object.keys(body.stats)).toEqual(['company']);
  });
});
