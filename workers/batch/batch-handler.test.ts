import { describe, expect, it } from 'vitest';
import type { OperationRequested } from '../../schemas/events/operation-requested.ts';
import type { Batch } from '../../schemas/v3/batch.ts';
import { batchHandler } from './batch-handler.ts';

const requestOf = (batch: Batch): OperationRequested => ({
  eventId: '7f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  requestId: 'r',
  accountId: '1f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  operation: 'person.bulkEnrich',
  body: batch,
  query: {},
  receivedAt: '2026-11-22T10:00:00.000Z',
});

describe('batchHandler', () => {
  it('answers in request order however the items finish, at most `concurrency` at once, refused items as refused', async () => {
    let running = 0;
    let most = 0;
    const single = async (request: OperationRequested) => {
      running += 1;
      most = Math.max(most, running);
      const { delayMs, found } = request.body as { delayMs: number; found: boolean };
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      running -= 1;
      return found ? { status: 200, body: { delayMs } } : { status: 404, body: { status: 404, message: 'Profile not found' } };
    };
    const items: Batch['items'] = [
      { body: { delayMs: 30, found: true }, metadata: { n: 0 } },
      { refused: { status: 400, body: { status: 400, message: 'Invalid request: email: bad' } }, metadata: { n: 1 } },
      { body: { delayMs: 1, found: false } },
      { body: { delayMs: 10, found: true }, metadata: { n: 3 } },
      { body: { delayMs: 5, found: true } },
    ];
    const reply = await batchHandler(single, { concurrency: 2 })(requestOf({ items }));
    expect(reply).toEqual({
      status: 200,
      body: [
        { status: 200, metadata: { n: 0 }, data: { delayMs: 30 } },
        { status: 400, metadata: { n: 1 }, data: { status: 400, message: 'Invalid request: email: bad' } },
        { status: 404, data: { status: 404, message: 'Profile not found' } },
        { status: 200, metadata: { n: 3 }, data: { delayMs: 10 } },
        { status: 200, data: { delayMs: 5 } },
      ],
    });
    expect(most).toBe(2);
  });
});
