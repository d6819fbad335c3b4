import type { z } from 'zod';
import type { WorkerName } from '../schemas/events/topics.ts';
import type { FieldIssue } from '../schemas/validation.ts';
import { personLookupOf } from './matching/evidence.ts';
import { PersonEnrichRequest, PersonEnrichResponse } from '../schemas/v3/person-enrich.ts';
import { CompanyEnrichRequest, CompanyEnrichResponse } from '../schemas/v3/company-enrich.ts';
import { CompanySearchRequest, CompanySearchResponse } from '../schemas/v3/company-search.ts';
import { companyLookupOf, companySearchOf } from './companies/queries.ts';
import { batchRequest, batchResponse, batchToWorker, MAX_BATCH_REQUESTS, type SingleOperation } from '../schemas/v3/batch.ts';
import { VerifyActivityResponse, VerifyMatchResponse, VerifyRequest, VerifySignalsResponse } from '../schemas/v3/verify.ts';
import { verifyQueryOf } from './verify/query.ts';
import {
  PersonSubscribeRequest,
  PersonSubscription,
  PersonSubscriptionsRequest,
  PersonSubscriptionsResponse,
  PersonUnsubscribeRequest,
} from '../schemas/v3/subscriptions.ts';
import { subscribeQueryOf } from './subscriptions/query.ts';
import { StatsGetRequest, StatsGetResponse } from '../schemas/v3/stats-get.ts';
import { recordMappingOf, recordQueryOf } from './identity/payloads.ts';
import {
  IdentityDeleteRequest,
  IdentityMapRequest,
  IdentityMapResponse,
  IdentityResolveRequest,
  IdentityResolveResponse,
  NoContent,
} from '../schemas/v3/identity.ts';
import { consentGivenOf, consentSubjectOf, consentVerifyOf } from './consent/payloads.ts';
import {
  ConsentPurpose,
  ConsentQuery,
  PermissionAccepted,
  PermissionCreateRequest,
  PermissionCurrentResponse,
  PermissionFindResponse,
  PermissionVerifyRequest,
} from '../schemas/v3/permission.ts';
import { AudienceAccepted, AudienceCreateRequest } from '../schemas/v3/audience.ts';
import { consentTimestampIssue } from '../schemas/v3/consent-timestamp.ts';
import { RecordTags, StatusMessage, TagsCreateRequest, TagsDeleteRequest, TagsGetRequest, TagsGetResponse } from '../schemas/v3/tags.ts';

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
  /** The message of the 202 that accepts a webhook request, when the client contract gives the operation its own. */
  webhookAccepted?: (url: string) => string;
  /**
   * A change that must apply in order with the others of its kind: those of one record of the account
   * (`recordId` in the body), or of the whole account. Such requests carry that order key, and the worker
   * handles requests with the same key one after another; others run concurrently.
   */
  orderedBy?: 'record' | 'account';
  /** A lookup: usage counts its 200 answers as matches and its 404s as misses (other operations: ok). */
  lookup?: true;
  request: z.ZodType;
  response: z.ZodType;
  /**
   * Makes something its caller fetches later (an audience): the ingress records it under a fresh UUID, which
   * the 202 answers as `requestId` and the worker gets as `createdId`.
   */
  creates?: true;
  /** The status of a success when it is not 200: 202 (accepted, with `response`) or 204 (no body). */
  success?: 202 | 204;
  /** Statuses other than 200 that the operation answers on success (202 queued, 404 no match). */
  alsoAnswers?: readonly number[];
  /**
   * What the worker is sent instead of the validated body: lookups send their identifiers as keys (hashes),
   * so that clear emails and phones from requests do not travel on the bus.
   */
  toWorker?: (body: never) => unknown;
  /**
   * Keeps the body's `webhookUrl` to notify later (person.subscribe): the ingress refuses a URL as it refuses a
   * webhook's, and the call itself is answered synchronously.
   */
  keepsWebhookUrl?: true;
  /**
   * A batch of this other operation (./batch.ts): each of its requests counts as one call of that operation,
   * for the rate limit (all of them or the batch is refused) and for usage (with the outcome of its answer).
   */
  batchOf?: string;
  /**
   * What a schema cannot check: the valid body against the time it is received (a consent's `timestamp` near
   * now). The field and its problem, answered 400, or undefined.
   */
  checkAt?: (body: never, now: Date) => FieldIssue | undefined;
};

/** The client contract's 202 for a company request with a webhook (person.enrich has a message of its own). */
const companyWebhookAccepted = (url: string) => `Webhook request accepted and queued for search. Results will be POSTed to ${url}`;

const personEnrich = {
  summary: 'A person from any identifying input: emails (clear or hashed), phones, profiles, MAIDs, name with address',
  worker: 'enrichment',
  onDeadline: 'queue',
  webhook: true,
  lookup: true,
  request: PersonEnrichRequest,
  response: PersonEnrichResponse,
  alsoAnswers: [202, 404],
  toWorker: personLookupOf,
} as const satisfies OperationSpec;

const companyEnrich = {
  summary: 'A company by its domain: the full company data, with the data add-ons of the plan',
  worker: 'enrichment',
  onDeadline: 'queue',
  webhook: true,
  webhookAccepted: companyWebhookAccepted,
  lookup: true,
  request: CompanyEnrichRequest,
  response: CompanyEnrichResponse,
  alsoAnswers: [202, 404, 422],
  toWorker: companyLookupOf,
} as const satisfies OperationSpec;

/**
 * The batch of a lookup (./batch.ts): up to 100 of its requests in one call, each answered as the single call
 * would answer it, in order, by the same worker; by webhook for the whole batch when `webhookUrl` is given.
 */
function batchOf<Payload>(singleName: string, single: OperationSpec & SingleOperation<Payload>, id: string): OperationSpec {
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

/** Every v3 operation Kith serves: the single source for routing, validation and the OpenAPI document. */
export const v3Operations = {
  'person.enrich': personEnrich,
  'person.bulkEnrich': batchOf('person.enrich', personEnrich, 'PersonBulkEnrich'),
  'company.enrich': companyEnrich,
  'company.bulkEnrich': batchOf('company.enrich', companyEnrich, 'CompanyBulkEnrich'),
  'company.search': {
    summary: 'Companies by name, optionally in a place: candidates whose lookupDomain company.enrich takes',
    worker: 'enrichment',
    onDeadline: 'queue',
    webhook: true,
    webhookAccepted: companyWebhookAccepted,
    lookup: true,
    request: CompanySearchRequest,
    response: CompanySearchResponse,
    alsoAnswers: [202, 404],
    toWorker: companySearchOf,
  },
  'person.subscribe': {
    summary: 'Subscribes webhookUrl to the person a person.enrich query names: each import that changes the person POSTs it there',
    worker: 'enrichment',
    keepsWebhookUrl: true,
    request: PersonSubscribeRequest,
    response: PersonSubscription,
    alsoAnswers: [403, 404],
    toWorker: subscribeQueryOf,
  },
  'person.unsubscribe': {
    summary: 'Ends a subscription',
    worker: 'enrichment',
    request: PersonUnsubscribeRequest,
    response: StatusMessage,
    alsoAnswers: [404],
  },
  'person.subscriptions': {
    summary: "The account's person subscriptions, oldest first, a page at a time",
    worker: 'enrichment',
    request: PersonSubscriptionsRequest,
    response: PersonSubscriptionsResponse,
  },
  'verify.match': {
    summary: "Whether each identifier and each part of the name and address given is the named person's own, a household member's, somebody else's or unknown, with a risk score",
    worker: 'enrichment',
    onDeadline: 'queue',
    lookup: true,
    request: VerifyRequest,
    response: VerifyMatchResponse,
    alsoAnswers: [202, 404],
    toWorker: verifyQueryOf,
  },
  'verify.signals': {
    summary: 'The identifiers Kith holds for the named person, with when they were first and last seen and how often; name, demographics, employment',
    worker: 'enrichment',
    onDeadline: 'queue',
    lookup: true,
    request: VerifyRequest,
    response: VerifySignalsResponse,
    alsoAnswers: [202, 404],
    toWorker: verifyQueryOf,
  },
  'verify.activity': {
    summary: 'How recently the named person was active by email, online, on social profiles and in employment: scores in 0..1',
    worker: 'enrichment',
    onDeadline: 'queue',
    lookup: true,
    request: VerifyRequest,
    response: VerifyActivityResponse,
    alsoAnswers: [202, 404],
    toWorker: verifyQueryOf,
  },
  'stats.get': {
    summary: 'Usage statistics and plan of the current billing period',
    worker: 'usage',
    request: StatsGetRequest,
    response: StatsGetResponse,
  },
  'identity.map': {
    summary: "Stores one of the account's records (its identifiers, partnerId and tags), linked to the person it names",
    worker: 'identity',
    orderedBy: 'record',
    request: IdentityMapRequest,
    response: IdentityMapResponse,
    alsoAnswers: [409],
    toWorker: recordMappingOf,
  },
  'identity.mapResolve': {
    summary: 'identity.map, answered as identity.resolve answers for the record',
    worker: 'identity',
    orderedBy: 'record',
    request: IdentityMapRequest,
    response: IdentityResolveResponse,
    alsoAnswers: [409],
    toWorker: recordMappingOf,
  },
  'identity.resolve': {
    summary: "The account's records, person ids and partner ids for identifiers, a recordId, personId or partnerId (?tags=true adds tags)",
    worker: 'identity',
    request: IdentityResolveRequest,
    response: IdentityResolveResponse,
    alsoAnswers: [404],
    toWorker: recordQueryOf,
  },
  'identity.delete': {
    summary: 'Removes a record with its identifiers and tags: HTTP 204, no body',
    worker: 'identity',
    orderedBy: 'record',
    request: IdentityDeleteRequest,
    response: NoContent,
    success: 204,
    alsoAnswers: [404],
  },
  'tags.create': {
    summary: "Adds key/value tags to one of the account's records; answers every tag of the record",
    worker: 'identity',
    orderedBy: 'record',
    request: TagsCreateRequest,
    response: RecordTags,
    alsoAnswers: [404],
  },
  'tags.get': {
    summary: 'Every tag of a record, by recordId or partnerId',
    worker: 'identity',
    request: TagsGetRequest,
    response: TagsGetResponse,
    alsoAnswers: [404],
  },
  'tags.delete': {
    summary: 'Removes the given tags of a record, or all of them when none are given',
    worker: 'identity',
    orderedBy: 'record',
    request: TagsDeleteRequest,
    response: StatusMessage,
    alsoAnswers: [404],
  },
  'permission.create': {
    summary: 'Records consent of an individual, named by any identifiers (flat or in `query`): 202 with the permissionId',
    worker: 'consent',
    orderedBy: 'account',
    request: PermissionCreateRequest,
    response: PermissionAccepted,
    success: 202,
    toWorker: consentGivenOf,
    checkAt: consentTimestampIssue,
  },
  'permission.delete': {
    summary: "Records the withdrawal of an individual's consent: history kept, nothing current; 202",
    worker: 'consent',
    orderedBy: 'account',
    request: ConsentQuery,
    response: PermissionAccepted,
    success: 202,
    alsoAnswers: [404],
    toWorker: consentSubjectOf,
  },
  'permission.find': {
    summary: 'Every consent event of the individual any identifier names, newest first ([] when none)',
    worker: 'consent',
    request: ConsentQuery,
    response: PermissionFindResponse,
    toWorker: consentSubjectOf,
  },
  'permission.current': {
    summary: 'The consent in force, by purposeId then channel ({} when none)',
    worker: 'consent',
    request: ConsentQuery,
    response: PermissionCurrentResponse,
    toWorker: consentSubjectOf,
  },
  'permission.verify': {
    summary: 'The consent in force for one purpose and channel, or 404',
    worker: 'consent',
    request: PermissionVerifyRequest,
    response: ConsentPurpose,
    alsoAnswers: [404],
    toWorker: consentVerifyOf,
  },
  'audience.create': {
    summary: "Builds a gzip JSON file of the account's records holding any of the tags; the webhook is told where to download it",
    worker: 'audience',
    webhook: true,
    creates: true,
    webhookAccepted: (url) => `Audience request accepted. When the file is ready, its download address will be POSTed to ${url}`,
    request: AudienceCreateRequest,
    response: AudienceAccepted,
    success: 202,
  },
} as const satisfies Record<string, OperationSpec>;

export type V3OperationName = keyof typeof v3Operations;

/**
 * The operation of that name in `operations`, looked up among its own keys only: a name from a request path may be
 * `constructor` or `__proto__`, which every object inherits.
 */
export const operationNamed = (operations: Readonly<Record<string, OperationSpec>>, name: string): OperationSpec | undefined =>
  Object.hasOwn(operations, name) ? operations[name] : undefined;
