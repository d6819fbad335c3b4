import type { z } from 'zod';
import type { WorkerName } from '../events/topics.ts';
import { personLookupOf } from '../../workers/enrichment/evidence.ts';
import { PersonEnrichRequest, PersonEnrichResponse } from './person-enrich.ts';
import { StatsGetRequest, StatsGetResponse } from './stats-get.ts';

export type OperationSpec = {
  summary: string;
  /** The worker that handles it. */
  worker: WorkerName;
  /**
   * What the caller gets when the worker has not answered by the synchronous deadline: `queue` answers 202
   * "queued, retry" (lookups, as the interface does); the others 503 with Retry-After.
   */
  onDeadline?: 'queue';
  /**
   * Takes a `webhookUrl` in its body: then the caller gets 202 at once and the answer is delivered to the URL
   * by the delivery worker.
   */
  webhook?: true;
  /** A lookup: usage counts its 200 answers as matches and its 404s as misses (other operations: ok). */
  lookup?: true;
  request: z.ZodType;
  response: z.ZodType;
  /** Statuses other than 200 that the operation answers on success (202 queued, 404 no match). */
  alsoAnswers?: readonly number[];
  /**
   * What the worker is sent instead of the validated body: lookups send their identifiers as keys (hashes),
   * so that clear emails and phones from requests do not travel on the bus.
   */
  toWorker?: (body: never) => unknown;
};

/** Every v3 operation Kith serves: the single source for routing, validation and the OpenAPI document. */
export const v3Operations = {
  'person.enrich': {
    summary: 'A person from any identifying input: emails (clear or hashed), phones, profiles, MAIDs, name with address',
    worker: 'enrichment',
    onDeadline: 'queue',
    webhook: true,
    lookup: true,
    request: PersonEnrichRequest,
    response: PersonEnrichResponse,
    alsoAnswers: [202, 404],
    toWorker: personLookupOf,
  },
  'stats.get': {
    summary: 'Usage statistics and plan of the current billing period',
    worker: 'usage',
    request: StatsGetRequest,
    response: StatsGetResponse,
  },
} as const satisfies Record<string, OperationSpec>;

export type V3OperationName = keyof typeof v3Operations;
