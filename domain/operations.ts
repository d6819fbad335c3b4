import { personEnrich } from './operations/person.enrich.ts';
import { personBulkEnrich } from './operations/person.bulkEnrich.ts';
import { companyEnrich } from './operations/company.enrich.ts';
import { companyBulkEnrich } from './operations/company.bulkEnrich.ts';
import { companySearch } from './operations/company.search.ts';
import { personSubscribe } from './operations/person.subscribe.ts';
import { personUnsubscribe } from './operations/person.unsubscribe.ts';
import { personSubscriptions } from './operations/person.subscriptions.ts';
import { verifyMatch } from './operations/verify.match.ts';
import { verifySignals } from './operations/verify.signals.ts';
import { verifyActivity } from './operations/verify.activity.ts';
import { statsGet } from './operations/stats.get.ts';
import { identityMap } from './operations/identity.map.ts';
import { identityMapResolve } from './operations/identity.mapResolve.ts';
import { identityResolve } from './operations/identity.resolve.ts';
import { identityDelete } from './operations/identity.delete.ts';
import { tagsCreate } from './operations/tags.create.ts';
import { tagsGet } from './operations/tags.get.ts';
import { tagsDelete } from './operations/tags.delete.ts';
import { permissionCreate } from './operations/permission.create.ts';
import { permissionDelete } from './operations/permission.delete.ts';
import { permissionFind } from './operations/permission.find.ts';
import { permissionCurrent } from './operations/permission.current.ts';
import { permissionVerify } from './operations/permission.verify.ts';
import { audienceCreate } from './operations/audience.create.ts';
import type { OperationSpec } from './operations/spec.ts';

/** Every v3 operation Kith serves: the single source for routing, validation and the OpenAPI document. */
export const v3Operations = {
  'person.enrich': personEnrich,
  'person.bulkEnrich': personBulkEnrich,
  'company.enrich': companyEnrich,
  'company.bulkEnrich': companyBulkEnrich,
  'company.search': companySearch,
  'person.subscribe': personSubscribe,
  'person.unsubscribe': personUnsubscribe,
  'person.subscriptions': personSubscriptions,
  'verify.match': verifyMatch,
  'verify.signals': verifySignals,
  'verify.activity': verifyActivity,
  'stats.get': statsGet,
  'identity.map': identityMap,
  'identity.mapResolve': identityMapResolve,
  'identity.resolve': identityResolve,
  'identity.delete': identityDelete,
  'tags.create': tagsCreate,
  'tags.get': tagsGet,
  'tags.delete': tagsDelete,
  'permission.create': permissionCreate,
  'permission.delete': permissionDelete,
  'permission.find': permissionFind,
  'permission.current': permissionCurrent,
  'permission.verify': permissionVerify,
  'audience.create': audienceCreate,
} as const satisfies Record<string, OperationSpec>;

export type V3OperationName = keyof typeof v3Operations;

/**
 * The operation of that name in `operations`, looked up among its own keys only: a name from a request path may be
 * `constructor` or `__proto__`, which every object inherits.
 */
export const operationNamed = (operations: Readonly<Record<string, OperationSpec>>, name: string): OperationSpec | undefined =>
  Object.hasOwn(operations, name) ? operations[name] : undefined;
