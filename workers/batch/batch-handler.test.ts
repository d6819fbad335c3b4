import { describe, expect, it } from 'vitest';
import type { OperationRequestedOf } from '../../schemas/events/operation-requested.ts';
import { batchHandler } from './batch-handler.ts';

type CompanyBatch = OperationRequestedOf<'company.bulkEnrich'>['body'];

const requestOf = (batch: CompanyBatch): OperationRequestedOf<'company.bulkEnrich'> => ({
  eventId: '7f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  requestId: 'r',
  accountId: '1f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  operation: 'company.bulkEnrich',
  body: batch,
  query: {},
  receivedAt: '2026-11-22T10:00:00.000Z',
});

/** A company lookup the test steers by its domain: `found-30.test` is found after 30 ms, `missing-1.test` not. */
const item = (domain: string, metadata?: Record<string, unknown>) => ({ body: { domain }, ...(metadata && { metadata }) });

describe('batchHandler', () => {
  it('answers in request order however the items finish, at most `concurrency` at once, refused items as refused', async () => {
    let running = 0;
    let most = 0;
    const handled: string[] = [];
    const single = async (request: OperationRequestedOf<'company.enrich'>) => {
      handled.push(request.operation);
      running += 1;
      most = Math.max(most, running);
      const [outcome, delay] = request.body.domain.replace('.test', '').split('-');
      const delayMs = Number(delay);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      running -= 1;
      return outcome === 'found' ? { status: 200, body: { delayMs } } : { status: 404, body: { status: 404, message: 'Profile not found' } };
    };
    const items: CompanyBatch['items'] = [
      item('found-30.test', { n: 0 }),
      { refused: { status: 400, body: { status: 400, message: 'Invalid request: domain: bad' } }, metadata: { n: 1 } },
      item('missing-1.test'),
      item('found-10.test', { n: 3 }),
      item('found-5.test'),
    ];
    const reply = await batchHandler({ operation: 'company.enrich', handler: single }, { concurrency: 2 })(requestOf({ items }));
    expect(reply).toEqual({
      status: 200,
      body: [
        { status: 200, metadata: { n: 0 }, data: { delayMs: 30 } },
        { status: 400, metadata: { n: 1 }, data: { status: 400, message: 'Invalid request: domain: bad' } },
        { status: 404, data: { status: 404, message: 'Profile not found' } },
        { status: 200, metadata: { n: 3 }, data: { delayMs: 10 } },
        { status: 200, data: { delayMs: 5 } },
      ],
    });
    expect(most).toBe(2);
    expect(handled).toEqual(Array(4).fill('company.enrich'));
  });
});
