import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../adapters/clock.ts';
import { consentStore } from '../../adapters/consent/store.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { ConsentStore } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import type { OperationName } from '../../schemas/events/operation-payloads.ts';
import type { OperationRequestedOf } from '../../schemas/events/operation-requested.ts';
import type { PermissionCreateRequest } from '../../schemas/v3/permission.ts';
import { consentHandlers } from '../../workers/consent/handlers.ts';
import { consentGivenOf, consentSubjectOf } from '../../domain/consent/payloads.ts';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { databaseUrl } from '../support/modes.ts';

const drivers = [
  { name: 'pg', open: async () => createPgClient(databaseUrl(), 4) },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

/** A request event as the ingress publishes it; the same object handled twice is a redelivery. */
const requested = <Op extends OperationName>(accountId: string, operation: Op, body: OperationRequestedOf<Op>['body']): OperationRequestedOf<Op> => ({
  eventId: randomUUID(),
  requestId: randomUUID(),
  accountId,
  operation,
  body,
  query: {},
  receivedAt: new Date().toISOString(),
});

describe.each(drivers)('consent events appended once per request event ($name)', (driver) => {
  let db: SqlClient;
  let store: ConsentStore;
  let handlers: ReturnType<typeof consentHandlers>;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    store = consentStore(db);
    handlers = consentHandlers(store, systemClock);
  });
  afterAll(() => db?.close());

  const subject = (email: string) => consentSubjectOf({ email });
  const given = (email: string) =>
    consentGivenOf({ query: { email }, consentPurposes: [{ purposeId: 1, channel: ['web'], enabled: true }], ...CONSENT_COLLECTION } as PermissionCreateRequest);

  it('a permission.create handled twice records one event and answers the same permissionId both times', async () => {
    const accountId = randomUUID();
    const email = `redelivered-${randomUUID()}@example.org`;
    const request = requested(accountId, 'permission.create', given(email));
    const first = await handlers['permission.create']!(request);
    const second = await handlers['permission.create']!(structuredClone(request));
    expect(first.status).toBe(202);
    expect(second).toEqual(first);
    const events = await store.events(accountId, subject(email).keys);
    expect(events.map((event) => event.permissionId)).toEqual([(first.body as { permissionId: string }).permissionId]);
    const [row] = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM consent_events WHERE account_id = $1', [accountId]);
    expect(row?.count).toBe('1');
  });

  it('a permission.delete handled twice records one delete; two requests record two events', async () => {
    const accountId = randomUUID();
    const email = `redelivered-${randomUUID()}@example.org`;
    await handlers['permission.create']!(requested(accountId, 'permission.create', given(email)));
    const deletion = requested(accountId, 'permission.delete', subject(email));
    const first = await handlers['permission.delete']!(deletion);
    const second = await handlers['permission.delete']!(structuredClone(deletion));
    expect(first.status).toBe(202);
    expect(second).toEqual(first);
    expect((await store.events(accountId, subject(email).keys)).map((event) => event.type)).toEqual(['delete', 'create']);
    // The same body in a new request (a new event id) is a new event.
    await handlers['permission.create']!(requested(accountId, 'permission.create', given(email)));
    await handlers['permission.create']!(requested(accountId, 'permission.create', given(email)));
    expect(await store.events(accountId, subject(email).keys)).toHaveLength(4);
  });

  it('concurrent handlings of the same event record it once', async () => {
    const accountId = randomUUID();
    const email = `concurrent-${randomUUID()}@example.org`;
    const request = requested(accountId, 'permission.create', given(email));
    await Promise.all([1, 2, 3].map(() => handlers['permission.create']!(structuredClone(request))));
    expect(await store.events(accountId, subject(email).keys)).toHaveLength(1);
  });
});
