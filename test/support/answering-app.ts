import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll } from 'vitest';
import { idempotencyStore } from '../../adapters/db/idempotency.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { admitAll, type Admission, type Dispatcher } from '../../adapters/dispatch/port.ts';
import { createLogger } from '../../adapters/logger.ts';
import { replyWaiters } from '../../adapters/replies/waiters.ts';
import { lateReplies } from '../../api/answering/late-replies.ts';
import type { UsageEvents } from '../../api/answering/usage-events.ts';
import type { ApiEnv } from '../../api/env.ts';
import { onError } from '../../api/errors.ts';
import { answering } from '../../api/middleware/answering.ts';
import { jsonBody } from '../../api/middleware/json-body.ts';
import { v2Routes } from '../../api/routes/v2.ts';
import { v3Routes } from '../../api/routes/v3.ts';
import { v3Operations } from '../../domain/operations.ts';
import type { UsageCall } from '../../domain/usage-calls.ts';
import { v2Operations } from '../../domain/v2-operations.ts';
import type { OperationReply, RequestEvent } from '../../schemas/events/operation-requested.ts';

export const NOW = new Date('2026-11-24T12:00:00.000Z');
export const ACCOUNT = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

type Answer = (event: RequestEvent) => OperationReply | undefined;

/**
 * For one test file: an in-process PGlite database with Kith's tables, opened before its tests and closed after
 * them; what it returns makes an answering app over that database (answeringApp).
 */
export function answeringApps(): (answer?: Answer, admission?: Admission) => ReturnType<typeof answeringApp> {
  let db: SqlClient;
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
  });
  afterAll(() => db?.close());
  return (answer, admission) => answeringApp(db, answer, admission);
}

/**
 * The v3 and v2 routes behind the answering middleware, over an idempotency store in `db`, a
 * dispatcher that answers in memory what `answer` says (undefined: the deadline passed, and `replyLate` may answer
 * later) and keeps every event it was handed, a usage publisher that keeps what it was given, and `admission` (every
 * request taken on, unless a test says otherwise). No port, no other services.
 */
function answeringApp(db: SqlClient, answer: Answer = () => ({ status: 200, body: { ok: true } }), admission: Admission = admitAll) {
  const dispatched: RequestEvent[] = [];
  const enqueued: RequestEvent[] = [];
  const created: string[] = [];
  const counted: UsageCall[][] = [];
  const waiters = replyWaiters();
  const dispatcher: Dispatcher = {
    async dispatch(event) {
      dispatched.push(event);
      return answer(event);
    },
    async send(event) {
      dispatched.push(event);
      const pending = waiters.expect(event.eventId);
      const reply = answer(event);
      if (reply) waiters.settle(event.eventId, reply);
      return pending;
    },
    async enqueue(event) {
      enqueued.push(event);
    },
  };
  const usage: UsageEvents = {
    publish: (_accountId, calls) => void counted.push(calls),
    drain: async () => {},
  };
  const signedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
    c.set('requestId', 'req-12345678');
    c.set('accountId', ACCOUNT);
    c.set('log', createLogger('silent'));
    await next();
  };
  const clock = { now: () => NOW };
  const store = idempotencyStore(db);
  const late = lateReplies({ store, waitMs: 60_000, log: createLogger('silent') });
  const answers = answering({
    store,
    dispatcher,
    admission,
    usage,
    clock,
    operations: { ...v3Operations, ...v2Operations },
    idempotencyKeys: { keepMs: 86_400_000, abandonedAfterMs: 60_000 },
    keptReplies: { keepMs: 300_000, abandonedAfterMs: 60_000 },
    lateReplies: late,
    pollMs: 10,
  });
  const operationAnswers = {
    clock,
    // Real milliseconds: a lookup without an answer waits this long before it is "queued".
    syncDeadlineMs: 20,
    refusedWebhookUrl: (url: string) => (url.startsWith('https://') ? undefined : 'not https'),
    recordCreated: async (operation: string, _accountId: string, id: string) => {
      created.push(`${operation} ${id}`);
    },
  };
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.use('/v3/*', signedIn, answers);
  app.route('/v3', v3Routes({ ...operationAnswers, edge: [jsonBody({ maxBytes: 64 * 1024 })] }));
  app.use('/v2/*', signedIn, answers);
  app.route('/v2', v2Routes(operationAnswers));
  const post = (operation: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`/v3/${operation}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  /** Answers a dispatched event after its deadline, as a late worker would; `late.drain()` waits until it is kept. */
  const replyLate = (event: RequestEvent, reply: OperationReply) => waiters.settle(event.eventId, reply);
  return { app, post, db, store, late, replyLate, dispatched, enqueued, created, counted };
}
