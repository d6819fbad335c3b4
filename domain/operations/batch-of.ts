import { batchRequest, batchResponse, batchToWorker, MAX_BATCH_REQUESTS } from '../../schemas/v3/batch.ts';
import type { SingleOperation } from '../../schemas/v3/batch.ts';
import type { OperationSpec } from './spec.ts';

/**
 * The batch of a lookup (./batch.ts): up to 100 of its requests in one call, each answered as the single call
 * would answer it, in order, by the same worker; by webhook for the whole batch when `webhookUrl` is given.
 */
export function batchOf<Payload>(singleName: string, single: OperationSpec & SingleOperation<Payload>, id: string): OperationSpec {
  return {
    summary: `Up to ${MAX_BATCH_REQUESTS} ${singleName} requests in one call, each answered (status, metadata, data) as the single call would answer it`,
    worker: single.worker,
    onDeadline: 'queue',
    webhook: true,
    webhookAccepted: (url) => `Batch accepted and queued. Its answers will be POSTed to ${url}`,
    batchOf: singleName,
    request: batchRequest(singleName, id + 'Request'),
    response: batchResponse(id + 'Response'),
    alsoAnswers: [202],
    toWorker: batchToWorker(single),
  };
}
