import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KithClient } from '../support/client.ts';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { deleteTopicsUnder } from '../support/kafka-topics.ts';
import type { TestKith } from '../support/kith.ts';
import { startKithProcess, type KithProcess } from '../support/processes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * A synchronous request answered 503 past its deadline has been published, and is worked once a worker comes.
 * Retried under its Idempotency-Key it must be that request again: one consent event, not two.
 */
describe('a synchronous request retried under its Idempotency-Key after a 503 (distributed)', () => {
  const settings = {
    KAFKA_BROKERS: kafkaBrokers().join(','),
    KITH_ADMIN_TOKEN: `kith_admin_test_${randomBytes(16).toString('hex')}`,
    KITH_TOPIC_PREFIX: `t${randomBytes(6).toString('hex')}`,
    KITH_TOPIC_PARTITIONS: '2',
    KITH_SYNC_DEADLINE_MS: '500',
  };
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const processes: KithProcess[] = [];
  let client: KithClient;
  let account: TestAccount;
  const start = async (roles: string) => {
    const started = await startKithProcess({ ...settings, DATABASE_URL: database.url, KITH_ROLES: roles });
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    client = new KithClient([(await start('ingress')).url], settings.KITH_ADMIN_TOKEN);
    account = await createAccount({ client } as TestKith);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop('SIGTERM')));
    await deleteTopicsUnder(settings.KAFKA_BROKERS, settings.KITH_TOPIC_PREFIX);
    await database?.drop();
  });

  it('is worked once: the consent worker records one event for the 503 and its retry', async () => {
    const email = `retried-${randomUUID()}@example.org`;
    const body = { email, consentPurposes: [{ purposeId: 1, channel: ['web'], enabled: true, ttl: null }], ...CONSENT_COLLECTION };
    const withKey = { key: account.key, headers: { 'Idempotency-Key': randomUUID() } };

    // No consent worker yet: published, and unanswered past the deadline.
    const refused = await client.v3('permission.create', body, withKey);
    expect(refused.status, refused.text).toBe(503);

    // Retried as a client does until it is answered (the worker may take longer than the deadline to join).
    await start('worker:consent');
    let accepted = refused;
    await waitFor('the retry to be answered', async () => (accepted = await client.v3('permission.create', body, withKey)).status !== 503, {
      timeoutMs: 60_000,
    });
    expect(accepted.status, accepted.text).toBe(202);
    const found = await client.v3('permission.find', { email }, { key: account.key });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toHaveLength(1);
  }, 120_000);
});
