import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../adapters/db/migrate.ts';
import { createStores } from '../../adapters/db/open.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { webhookSecretStore } from '../../adapters/db/webhook-secrets.ts';
import { recordingSql } from '../support/recording-sql.ts';

describe('webhook signing secrets', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  it("are made on an account's first delivery, then read in one statement a delivery (one for those read at once), and follow a rotation at once", async () => {
    const db = await createPgliteClient(undefined);
    closing.push(() => db.close());
    await migrate(db);
    const statements: string[] = [];
    let made = 0;
    const secrets = webhookSecretStore(recordingSql(db, statements), () => `whsec_${++made}`);
    const { accounts, plans } = createStores(db, () => 'unused');
    const planId = (await plans.findByName('Standard'))!.id;
    const accountId = (await accounts.create({ name: 'signing', planId, identitySharing: false, billingAnchor: '2026-11-01' })).id;
    const now = new Date('2026-11-25T00:00:00Z');

    expect(await secrets.signingSecrets(accountId, now)).toEqual(['whsec_1']);
    expect(statements).toHaveLength(3); // read, insert, read
    statements.length = 0;
    expect(await secrets.signingSecrets(accountId, now)).toEqual(['whsec_1']);
    expect(statements).toHaveLength(1);

    const together = await Promise.all(Array.from({ length: 20 }, () => secrets.signingSecrets(accountId, now)));
    expect(together).toEqual(Array.from({ length: 20 }, () => ['whsec_1']));
    expect(statements).toHaveLength(2); // the twenty in one: a read went alone in this turn already

    await secrets.rotate(accountId, now, 60_000);
    expect(await secrets.signingSecrets(accountId, new Date(now.getTime() + 1))).toEqual(['whsec_2', 'whsec_1']);
    expect(await secrets.signingSecrets(accountId, new Date(now.getTime() + 60_000))).toEqual(['whsec_2']);
  });
});
