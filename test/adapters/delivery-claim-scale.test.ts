import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryStore } from '../../adapters/db/deliveries.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import type { ClaimedDelivery } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';

const T0 = new Date('2026-06-01T12:00:00Z');
const ACCOUNTS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const CLAIM = { limit: 10, perAccount: 3, leaseMs: 60_000 };

type PlanNode = { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };

/**
 * The same database, each statement run under EXPLAIN (ANALYZE, BUFFERS): the store's own statement really
 * runs, and `blocks` says how many pages it touched (the top node counts its children's). `generic`: planned as
 * PostgreSQL may plan a prepared statement after its fifth run, for any parameters, as Kith's statements are.
 */
function explained(db: SqlClient, planning: 'custom' | 'generic' = 'custom') {
  const touched: number[] = [];
  const client: SqlClient = {
    ...db,
    async query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
      const [row] = await db.transaction(async (tx) => {
        if (planning === 'generic') await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
        return tx.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params);
      });
      const { Plan: plan } = row!['QUERY PLAN'][0]!;
      touched.push(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']);
      return [];
    },
  };
  return { client, lastTouched: () => touched.at(-1)! };
}

/**
 * The delivery worker's poll with a backlog of 1,000,000 due deliveries: it touches about as many pages as with a
 * thousand (an index descent per account with pending deliveries, and the rows it takes), where ranking every due
 * row read them all. Pages touched are counts, the same on a busy machine as on an idle one.
 */
describe('claiming due deliveries at 1,000,000 due (PostgreSQL)', () => {
  let db: SqlClient;
  let drop: () => Promise<void>;

  /** `count` due deliveries dealt round the accounts, the n-th due n ms before `dueBy`. */
  const addDue = (from: number, count: number, dueBy: Date) =>
    db.query(
      `INSERT INTO webhook_deliveries (id, account_id, request_id, operation, url, body, status, next_attempt_at, created_at, updated_at)
       SELECT 'msg_' || g, ($1::uuid[])[1 + g % 4], 'r' || g, 'person.enrich', 'https://example.com/hook', '{}', 'pending',
              $2::timestamptz - g * interval '1 millisecond', $2, $2
       FROM generate_series($3::int, $3::int + $4::int - 1) AS g`,
      [ACCOUNTS, dueBy, from, count],
    );

  const perAccount = (claimed: ClaimedDelivery[]) => ACCOUNTS.map((account) => claimed.filter((delivery) => delivery.accountId === account).length);

  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    db = createPgClient(database.url, 2);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('touches about as many pages to claim 10 of 1,000,000 due as of 1,000, and claims the same fair share', async () => {
    const store = deliveryStore(db);
    const measured = explained(db);
    const measuredStore = deliveryStore(measured.client);
    const claimAt = (now: Date) => ({ now, ...CLAIM, inFlight: new Map([[ACCOUNTS[3]!, 2]]) });

    await addDue(1, 1_000, T0);
    await db.query('ANALYZE webhook_deliveries');
    await measuredStore.claimDue(claimAt(T0));
    const atThousand = measured.lastTouched();
    // Every lease of the measured claim lapses by T0 + 1 minute: the checked claim sees the same due rows again.
    const later = new Date(T0.getTime() + 2 * CLAIM.leaseMs);
    expect(perAccount(await store.claimDue(claimAt(later)))).toEqual([3, 3, 3, 1]);

    await addDue(1_001, 999_000, T0);
    await db.query('ANALYZE webhook_deliveries');
    const muchLater = new Date(later.getTime() + 2 * CLAIM.leaseMs);
    await measuredStore.claimDue(claimAt(muchLater));
    const atMillion = measured.lastTouched();
    const claimed = await store.claimDue(claimAt(new Date(muchLater.getTime() + 2 * CLAIM.leaseMs)));
    expect(perAccount(claimed)).toEqual([3, 3, 3, 1]);
    // Each account's earliest due first: the deliveries added last are due earliest.
    expect(claimed.every((delivery) => Number(delivery.id.slice(4)) > 999_000)).toBe(true);

    const tableBlocks = Number((await db.query<{ pages: string }>(`SELECT pg_relation_size('webhook_deliveries') / 8192 AS pages`))[0]!.pages);
    expect(tableBlocks).toBeGreaterThan(10_000);
    expect(atMillion).toBeLessThan(3 * atThousand + 50);
  }, 300_000);

  it('touches as few pages to claim at 1,000,000 due with the generic plan of the prepared statement', async () => {
    const measured = explained(db, 'generic');
    const at = new Date(T0.getTime() + 100 * CLAIM.leaseMs);
    const claimed = await deliveryStore(db).claimDue({ now: at, ...CLAIM, inFlight: new Map() });
    expect(claimed).toHaveLength(CLAIM.limit);
    expect(Math.max(...perAccount(claimed))).toBeLessThanOrEqual(CLAIM.perAccount);
    await deliveryStore(measured.client).claimDue({ now: new Date(at.getTime() + 2 * CLAIM.leaseMs), ...CLAIM, inFlight: new Map() });
    // The custom plan's figure at 1,000,000 is about a hundred pages; reading every pending row would be most of the table's 19,000.
    expect(measured.lastTouched()).toBeLessThan(1_000);
  }, 300_000);

  it('names the accounts behind on first attempts touching a bounded number of pages at 1,000,000 due', async () => {
    const measured = explained(db);
    const behind = await deliveryStore(db).accountsAwaitingFirstAttempt(T0, 100);
    expect(behind.sort()).toEqual([...ACCOUNTS].sort());
    await deliveryStore(measured.client).accountsAwaitingFirstAttempt(T0, 100);
    // Four accounts, at most 101 rows each, on pages of about a hundred rows: well under a thousand pages.
    expect(measured.lastTouched()).toBeLessThan(1_000);
  });
});
