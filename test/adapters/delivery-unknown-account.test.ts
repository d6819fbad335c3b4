import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createStores } from '../../adapters/db/open.ts';
import type { Stores } from '../../adapters/db/port.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { attemptDelivery } from '../../workers/delivery/handler.ts';
import { newWebhookSecret } from '../../workers/delivery/sign.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

describe('a delivery of an account that does not exist', () => {
  let db: SqlClient;
  let stores: Stores;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    stores = createStores(db, newWebhookSecret);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.close();
  });

  it('fails at once, sending nothing, instead of being claimed again forever', async () => {
    const delivery = { id: `msg_${randomBytes(10).toString('hex')}`, accountId: randomUUID(), url: `${receiver.url}/hook`, body: '{}', attempt: 1 };
    const outcome = await attemptDelivery(delivery, {
      secrets: stores.webhookSecrets,
      clock: systemClock,
      random: () => 0.5,
      policy: { allowedNetworks: ['127.0.0.1/32'] },
      timeoutMs: 5_000,
      maxResponseBytes: 1024,
      scheduleSeconds: [1, 2],
    });
    expect(outcome.next).toEqual({ status: 'failed' });
    expect(outcome.attempt).toMatchObject({ outcome: 'failed', statusCode: null, error: expect.stringContaining('not sent: no signing secret') });
    expect(receiver.received).toEqual([]);
  });
});
