import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { KithClient } from './client.ts';
import { createAccount, type TestAccount } from './factories.ts';
import { freshPostgresDatabase } from './fresh-database.ts';
import { deleteTopicsUnder } from './kafka-topics.ts';
import type { TestKith } from './kith.ts';
import { startKithProcess, type KithProcess } from './processes.ts';
import { kafkaBrokers } from './services.ts';

/**
 * A distributed Kith whose processes a test starts when it chooses: the ingress and an account before the
 * suite, the workers later (so that requests can be left unworked). On a PostgreSQL database and topics of its
 * own, both removed after the suite: a delivery worker started here would otherwise claim other suites' due
 * retries. Registers the suite's beforeAll and afterAll.
 */
export function deploymentStartedByTest(settings: Record<string, string>) {
  const adminToken = `kith_admin_test_${randomBytes(16).toString('hex')}`;
  const brokers = kafkaBrokers().join(',');
  const prefix = `t${randomBytes(6).toString('hex')}`;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const processes: KithProcess[] = [];
  const deployment = {
    client: undefined as unknown as KithClient,
    account: undefined as unknown as TestAccount,
    /** Starts a process with these roles (`KITH_ROLES`) on the deployment's settings. */
    async start(roles: string): Promise<KithProcess> {
      const started = await startKithProcess({
        KAFKA_BROKERS: brokers,
        KITH_ADMIN_TOKEN: adminToken,
        KITH_TOPIC_PREFIX: prefix,
        KITH_TOPIC_PARTITIONS: '2',
        ...settings,
        DATABASE_URL: database.url,
        KITH_ROLES: roles,
      });
      processes.push(started);
      return started;
    },
  };
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    deployment.client = new KithClient([(await deployment.start('ingress')).url], adminToken);
    deployment.account = await createAccount({ client: deployment.client } as TestKith);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop('SIGTERM')));
    await deleteTopicsUnder(brokers, prefix);
    await database?.drop();
  });
  return deployment;
}
