import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startPipeline, type Pipeline, type TestOperation } from '../support/pipeline.ts';

/** A lookup slower than the deadline, unless its name starts with "fast"; `handled` records every name worked. */
function slowLookup(handled: string[]): Record<string, TestOperation> {
  return {
    'test.slow': {
      spec: {
        summary: 'a lookup slower than the deadline',
        worker: 'usage',
        onDeadline: 'queue',
        lookup: true,
        request: z.object({ name: z.string() }),
        response: z.object({ greeting: z.string() }),
      },
      handler: async (request) => {
        const { name } = request.body as { name: string };
        handled.push(name);
        await new Promise((resolve) => setTimeout(resolve, name.startsWith('fast') ? 0 : 400));
        return { status: 200, body: { greeting: `hello ${name}` } };
      },
    },
  };
}

/**
 * The embedded pipeline with one extra lookup whose handler is slower than the synchronous deadline: past
 * the deadline the caller gets 202 "queued, retry", and the retry gets the kept reply, worked once.
 */
describe('lookups past the synchronous deadline', () => {
  let pipeline: Pipeline;
  let key: string;
  const handled: string[] = [];

  beforeAll(async () => {
    pipeline = await startPipeline('embedded', slowLookup(handled), { syncDeadlineMs: 150 });
    key = (await pipeline.newAccountKey()).key;
  });
  afterAll(() => pipeline?.stop());

  const call = (name: string) => pipeline.call('test.slow', { name }, key);

  it('answers 202 past the deadline, then the kept reply on retry, worked once', async () => {
    const first = await call('ada');
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ status: 202, message: expect.stringMatching(/retry/), requestId: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const retry = await call('ada');
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ greeting: 'hello ada' });
    expect(handled.filter((name) => name === 'ada')).toHaveLength(1);
  });

  it('lets a retry made while the first is still worked on wait for it instead of sending it again', async () => {
    const first = await call('grace');
    expect(first.status).toBe(202);
    const retry = await call('grace');
    expect([200, 202]).toContain(retry.status);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const last = await call('grace');
    expect(last.status).toBe(200);
    expect(handled.filter((name) => name === 'grace')).toHaveLength(1);
  });

  it('answers within the deadline when the worker is quick', async () => {
    const quick = await call('fast-linus');
    expect(quick.status).toBe(200);
    expect(await quick.json()).toEqual({ greeting: 'hello fast-linus' });
  });
});

/**
 * Two ingress replicas on PostgreSQL and Kafka: each knows the kept-reply claims the other made by reading them
 * again once its last read is half a second old (api/answering/known-kept-replies.ts), so the retry of a lookup
 * queued by one replica gets its kept reply from the other.
 */
describe('lookups past the synchronous deadline, across ingress replicas', () => {
  let pipeline: Pipeline;
  let key: string;
  const handled: string[] = [];

  beforeAll(async () => {
    pipeline = await startPipeline('kafka+clickhouse', slowLookup(handled), { syncDeadlineMs: 150, replicas: 2 });
    key = (await pipeline.newAccountKey()).key;
  });
  afterAll(() => pipeline?.stop());

  it('gives the retry on one replica the reply kept by the other, worked once', async () => {
    // The second replica reads the claims (with a lookup of its own, answered or queued) before the first claims.
    expect([200, 202]).toContain((await pipeline.call('test.slow', { name: 'fast-ada' }, key, 1)).status);
    expect((await pipeline.call('test.slow', { name: 'ada' }, key, 0)).status).toBe(202);
    // Past the half-second its claims read stand for; until the kept reply is there, a retry waits for it or is queued.
    await new Promise((resolve) => setTimeout(resolve, 600));
    let retry = await pipeline.call('test.slow', { name: 'ada' }, key, 1);
    for (let attempt = 0; retry.status === 202 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retry = await pipeline.call('test.slow', { name: 'ada' }, key, 1);
    }
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ greeting: 'hello ada' });
    expect(handled.filter((name) => name === 'ada')).toHaveLength(1);
  });
});
