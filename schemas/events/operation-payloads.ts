import type { z } from 'zod';
import { AudienceCreateRequest } from '../v3/audience.ts';
import { IdentityDeleteRequest } from '../v3/identity.ts';
import { StatsGetRequest } from '../v3/stats-get.ts';
import { PersonSubscriptionsRequest, PersonUnsubscribeRequest } from '../v3/subscriptions.ts';
import { TagsCreateRequest, TagsDeleteRequest, TagsGetRequest } from '../v3/tags.ts';
import {
  batchPayload,
  CompanyLookup,
  CompanySearchQuery,
  ConsentGiven,
  ConsentSubjectQuery,
  ConsentVerifyQuery,
  EmailCheck,
  PersonLookup,
  RecordMapping,
  RecordQuery,
  SubscribeQuery,
  VerifyQuery,
} from './payloads.ts';

/**
 * The bus contract: the payload every operation's event carries, by operation. A reduced payload
 * (./payloads.ts) where the registry's `toWorker` makes one, else the validated request itself. The worker
 * runtime checks an event's payload against its operation's schema once, and its handler gets that type.
 */
export const OPERATION_PAYLOADS = {
  'person.enrich': PersonLookup,
  'person.bulkEnrich': batchPayload(PersonLookup),
  'company.enrich': CompanyLookup,
  'company.bulkEnrich': batchPayload(CompanyLookup),
  'company.search': CompanySearchQuery,
  'person.subscribe': SubscribeQuery,
  'person.unsubscribe': PersonUnsubscribeRequest,
  'person.subscriptions': PersonSubscriptionsRequest,
  'verify.match': VerifyQuery,
  'verify.signals': VerifyQuery,
  'verify.activity': VerifyQuery,
  'stats.get': StatsGetRequest,
  'identity.map': RecordMapping,
  'identity.mapResolve': RecordMapping,
  'identity.resolve': RecordQuery,
  'identity.delete': IdentityDeleteRequest,
  'tags.create': TagsCreateRequest,
  'tags.get': TagsGetRequest,
  'tags.delete': TagsDeleteRequest,
  'permission.create': ConsentGiven,
  'permission.delete': ConsentSubjectQuery,
  'permission.find': ConsentSubjectQuery,
  'permission.current': ConsentSubjectQuery,
  'permission.verify': ConsentVerifyQuery,
  'audience.create': AudienceCreateRequest,
  'email.verification': EmailCheck,
} as const satisfies Record<string, z.ZodType>;

export type OperationName = keyof typeof OPERATION_PAYLOADS;
