import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStore } from '../../adapters/db/accounts.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { AccountStore } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { databaseUrl } from '../support/modes.ts';

const drivers = [
  { name: 'pg', open: async () => createPgClient(databaseUrl(), 4) },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

describe.each(drivers)('AccountStore ($name)', (driver) => {
  let db: SqlClient;
  let accounts: AccountStore;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    accounts = accountStore(db);
  });
  afterAll(() => db?.close());

  it('reads many accounts in one statement, each as get reads it, in the order asked', async () => {
    const [plan] = await db.query<{ id: string }>("SELECT id FROM plans WHERE name = 'Standard'");
    const create = (name: string) => accounts.create({ name, planId: plan!.id, identitySharing: false, billingAnchor: '2026-01-15' });
    const [first, second] = [await create(`First ${randomUUID()}`), await create(`Second ${randomUUID()}`)];
    const unknown = randomUUID();
    const ids = [second.id, unknown, first.id, second.id.toUpperCase()];
    expect(await accounts.getMany(ids)).toEqual([second, undefined, first, second]);
    expect(await Promise.all(ids.map((id) => accounts.get(id)))).toEqual([second, undefined, first, second]);
    expect(await accounts.getMany([])).toEqual([]);
  });
});
