import type { WebhookAttempt, WebhookDelivery } from '../../schemas/admin/webhooks.ts';
import type { ClaimedDelivery, DeliveryClaim, DeliveryStore, FinishedAttempt, NewDelivery } from './port.ts';
import { isoTimestamp, isoTimestampOrNull } from './rows.ts';
import type { SqlClient } from './sql-client.ts';

type DeliveryRow = {
  id: string;
  account_id: string;
  request_id: string | null;
  operation: string;
  url: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

type AttemptRow = {
  attempt: number;
  started_at: Date;
  outcome: WebhookAttempt['outcome'];
  status_code: number | null;
  latency_ms: number;
  error: string | null;
};

/**
 * The accounts with pending deliveries, one index descent each (a loose index scan over
 * webhook_deliveries_pending_by_account, whose order `account_id, next_attempt_at` is, so that the planner takes
 * it over the account index, which holds the delivered rows too): what a claim or a count walks instead of every
 * due row, so that its cost follows the accounts, not the backlog. The walk's last step finds no account: its NULL
 * is dropped.
 */
const PENDING_ACCOUNTS = `walk (account_id) AS (
  (SELECT account_id FROM webhook_deliveries WHERE status = 'pending' ORDER BY account_id, next_attempt_at LIMIT 1)
  UNION ALL
  SELECT (SELECT w.account_id FROM webhook_deliveries w
          WHERE w.status = 'pending' AND w.account_id > walk.account_id ORDER BY w.account_id, w.next_attempt_at LIMIT 1)
  FROM walk WHERE walk.account_id IS NOT NULL),
pending_accounts AS (SELECT account_id FROM walk WHERE account_id IS NOT NULL)`;

const COLUMNS = 'id, account_id, request_id, operation, url, status, attempts, next_attempt_at, created_at, updated_at';

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    accountId: row.account_id,
    requestId: row.request_id,
    operation: row.operation,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: isoTimestampOrNull(row.next_attempt_at),
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

const toAttempt = (row: AttemptRow): WebhookAttempt => ({
  attempt: row.attempt,
  startedAt: isoTimestamp(row.started_at),
  outcome: row.outcome,
  statusCode: row.status_code,
  latencyMs: row.latency_ms,
  error: row.error,
});

type ClaimedRow = { id: string; account_id: string; url: string; body: string; attempts: number };
const toClaimed = (row: ClaimedRow): ClaimedDelivery => ({ id: row.id, accountId: row.account_id, url: row.url, body: row.body, attempt: row.attempts });
/**
 * A delivery stored already claimed, for its first attempt. Its row holds what the caller gave, so the insert
 * returns only its id: sending the body back (1.7 kB for a person) cost the delivery worker a copy of it to parse.
 */
const claimedNew = (delivery: NewDelivery): ClaimedDelivery => ({ id: delivery.id, accountId: delivery.accountId, url: delivery.url, body: delivery.body, attempt: 1 });

/** The columns of new deliveries, as arrays for `unnest`, in the order of the statements below. */
const newDeliveryColumns = (deliveries: readonly NewDelivery[]) => [
  deliveries.map((delivery) => delivery.id),
  deliveries.map((delivery) => delivery.accountId),
  deliveries.map((delivery) => delivery.requestId),
  deliveries.map((delivery) => delivery.operation),
  deliveries.map((delivery) => delivery.url),
  deliveries.map((delivery) => delivery.body),
  deliveries.map((delivery) => delivery.createdAt),
];

/** Rows by id, each handed to the first place that asks for it: a delivery given twice is stored once. */
function firstAskerOf<R extends { id: string }>(rows: readonly R[]): (id: string) => R | undefined {
  const unclaimed = new Map(rows.map((row) => [row.id, row]));
  return (id) => {
    const row = unclaimed.get(id);
    unclaimed.delete(id);
    return row;
  };
}

export function deliveryStore(db: SqlClient): DeliveryStore {
  // Inserted in id order, so that two writers storing the same redelivered events never wait on each other crosswise.
  async function enqueueMany(deliveries: readonly NewDelivery[]): Promise<boolean[]> {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (id, account_id, request_id, operation, url, body, status, next_attempt_at, created_at, updated_at)
       SELECT id, account_id, request_id, operation, url, body, 'pending', created_at, created_at, created_at
       FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         AS d (id, account_id, request_id, operation, url, body, created_at)
       ORDER BY id
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      newDeliveryColumns(deliveries),
    );
    const stored = firstAskerOf(rows);
    return deliveries.map((delivery) => stored(delivery.id) !== undefined);
  }

  async function enqueueClaimedMany(claims: readonly { delivery: NewDelivery; claim: DeliveryClaim }[]) {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO webhook_deliveries
         (id, account_id, request_id, operation, url, body, status, next_attempt_at, created_at, updated_at, attempts, locked_until)
       SELECT id, account_id, request_id, operation, url, body, 'pending', created_at, created_at, now, 1, now + lease_ms * interval '1 millisecond'
       FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::float8[])
         AS d (id, account_id, request_id, operation, url, body, created_at, now, lease_ms)
       ORDER BY id
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        ...newDeliveryColumns(claims.map(({ delivery }) => delivery)),
        claims.map(({ claim }) => claim.now),
        claims.map(({ claim }) => claim.leaseMs),
      ],
    );
    const stored = firstAskerOf(rows);
    return claims.map(({ delivery }) => (stored(delivery.id) ? claimedNew(delivery) : undefined));
  }

  // One statement, atomic as `finish`'s is.
  async function finishMany(finished: readonly FinishedAttempt[]): Promise<void> {
    await db.query(
      `WITH f AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::timestamptz[],
                              $7::text[], $8::int[], $9::int[], $10::text[])
           AS f (id, status, next_attempt_at, now, attempt, started_at, outcome, status_code, latency_ms, error)),
       logged AS (
         INSERT INTO webhook_attempts (delivery_id, attempt, started_at, outcome, status_code, latency_ms, error)
         SELECT id, attempt, started_at, outcome, status_code, latency_ms, error FROM f ORDER BY id ON CONFLICT DO NOTHING)
       UPDATE webhook_deliveries d SET status = f.status, next_attempt_at = f.next_attempt_at, locked_until = NULL, updated_at = f.now
       FROM f WHERE d.id = f.id`,
      [
        finished.map((done) => done.deliveryId),
        finished.map((done) => done.next.status),
        finished.map((done) => (done.next.status === 'pending' ? done.next.nextAttemptAt : null)),
        finished.map((done) => done.now),
        finished.map((done) => done.attempt.attempt),
        finished.map((done) => done.attempt.startedAt),
        finished.map((done) => done.attempt.outcome),
        finished.map((done) => done.attempt.statusCode),
        finished.map((done) => done.attempt.latencyMs),
        finished.map((done) => done.attempt.error),
      ],
    );
  }

  return {
    async enqueue(delivery) {
      const rows = await db.query(
        `INSERT INTO webhook_deliveries (id, account_id, request_id, operation, url, body, status, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [delivery.id, delivery.accountId, delivery.requestId, delivery.operation, delivery.url, delivery.body, delivery.createdAt],
      );
      return rows.length > 0;
    },
    enqueueMany,

    async enqueueClaimed(delivery, { now, leaseMs }) {
      const rows = await db.query(
        `INSERT INTO webhook_deliveries
           (id, account_id, request_id, operation, url, body, status, next_attempt_at, created_at, updated_at, attempts, locked_until)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $8, 1, $8::timestamptz + $9 * interval '1 millisecond')
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [delivery.id, delivery.accountId, delivery.requestId, delivery.operation, delivery.url, delivery.body, delivery.createdAt, now, leaseMs],
      );
      return rows.length > 0 ? claimedNew(delivery) : undefined;
    },
    enqueueClaimedMany,

    async claimDue({ now, limit, leaseMs, inFlight, perAccount }) {
      if (limit <= 0) return [];
      // Each account gets at most its free slots (perAccount less what it has in flight), its earliest due first;
      // of those, the earliest `limit`. The lateral's LIMIT is the plain parameter, so that the planner sees how
      // few rows it takes. The outer conditions are checked again on the locked row, so two processes never claim
      // the same one. The ids are chosen once (ARRAY(...)) and the rows read by primary key: the statement is
      // prepared, and a generic plan of `id IN (...)` scanned every pending row and chose again for each; the
      // re-check says `IS TRUE` so that it does not match the pending index's predicate, which the planner would
      // otherwise prefer for those reads.
      const rows = await db.query<ClaimedRow>(
        `WITH RECURSIVE ${PENDING_ACCOUNTS}
         UPDATE webhook_deliveries d
         SET attempts = d.attempts + 1, locked_until = $1::timestamptz + $3 * interval '1 millisecond', updated_at = $1
         WHERE d.id = ANY (ARRAY(
           SELECT id FROM (
             SELECT due.id, due.next_attempt_at,
                    row_number() OVER (PARTITION BY a.account_id ORDER BY due.next_attempt_at) AS rank,
                    $5 - coalesce(busy.n, 0) AS free
             FROM pending_accounts a
             LEFT JOIN unnest($4::uuid[], $6::int[]) AS busy (account_id, n) ON busy.account_id = a.account_id
             CROSS JOIN LATERAL (
               SELECT w.id, w.next_attempt_at FROM webhook_deliveries w
               WHERE w.account_id = a.account_id AND w.status = 'pending' AND w.next_attempt_at <= $1
                 AND (w.locked_until IS NULL OR w.locked_until < $1)
               ORDER BY w.next_attempt_at LIMIT $5
             ) due
           ) ranked
           WHERE rank <= free ORDER BY next_attempt_at LIMIT $2))
         AND (d.status = 'pending') IS TRUE AND (d.locked_until IS NULL OR d.locked_until < $1)
         RETURNING d.id, d.account_id, d.url, d.body, d.attempts`,
        [now, limit, leaseMs, [...inFlight.keys()], perAccount, [...inFlight.values()]],
      );
      return rows.map(toClaimed);
    },

    async accountsAwaitingFirstAttempt(now, over) {
      // Per account, its first over + 1 due deliveries awaiting a first attempt, in the index's order: retries
      // scheduled later are not read.
      const rows = await db.query<{ account_id: string }>(
        `WITH RECURSIVE ${PENDING_ACCOUNTS}
         SELECT a.account_id FROM pending_accounts a
         CROSS JOIN LATERAL (
           SELECT count(*) AS n FROM (
             SELECT 1 FROM webhook_deliveries w
             WHERE w.account_id = a.account_id AND w.status = 'pending' AND w.next_attempt_at <= $1 AND w.attempts = 0
             ORDER BY w.next_attempt_at LIMIT $2::int + 1) counted
         ) waiting
         WHERE waiting.n > $2`,
        [now, over],
      );
      return rows.map((row) => row.account_id);
    },

    async finish(deliveryId, attempt, next, now) {
      // One statement (one round trip), atomic as a transaction would be.
      await db.query(
        `WITH logged AS (
           INSERT INTO webhook_attempts (delivery_id, attempt, started_at, outcome, status_code, latency_ms, error)
           VALUES ($1, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING)
         UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, locked_until = NULL, updated_at = $4 WHERE id = $1`,
        [
          deliveryId,
          next.status,
          next.status === 'pending' ? next.nextAttemptAt : null,
          now,
          attempt.attempt,
          attempt.startedAt,
          attempt.outcome,
          attempt.statusCode,
          attempt.latencyMs,
          attempt.error,
        ],
      );
    },
    finishMany,

    async list(accountId, { status, limit }) {
      const rows = await db.query<DeliveryRow>(
        `SELECT ${COLUMNS} FROM webhook_deliveries WHERE account_id = $1 AND ($2::text IS NULL OR status = $2)
         ORDER BY created_at DESC, id LIMIT $3`,
        [accountId, status ?? null, limit],
      );
      return rows.map(toDelivery);
    },

    async get(deliveryId) {
      const [row] = await db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1`, [deliveryId]);
      if (!row) return undefined;
      const attempts = await db.query<AttemptRow>(
        'SELECT attempt, started_at, outcome, status_code, latency_ms, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
        [deliveryId],
      );
      return { ...toDelivery(row), attemptLog: attempts.map(toAttempt) };
    },

    async replay(deliveryId, now) {
      const rows = await db.query(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $2, updated_at = $2 WHERE id = $1 RETURNING id`,
        [deliveryId, now],
      );
      return rows.length > 0;
    },

    async replayFailedSince(accountId, since, now) {
      const rows = await db.query(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, updated_at = $3
         WHERE account_id = $1 AND status = 'failed' AND created_at >= $2 RETURNING id`,
        [accountId, since, now],
      );
      return rows.length;
    },

    async sweep(before) {
      const rows = await db.query('DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> $2 RETURNING id', [
        before,
        'pending',
      ]);
      return rows.length;
    },
  };
}
