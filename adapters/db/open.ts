import { join } from 'node:path';
import { lockDataDir, makeOwnerOnly } from '../data-dir.ts';
import { accountStore } from './accounts.ts';
import { apiKeyStore } from './api-keys.ts';
import { idempotencyStore } from './idempotency.ts';
import { judgeEarlierDatabase } from './first-start-done.ts';
import { ensurePgliteCluster, type ClusterSeed } from './pglite-cluster.ts';
import { planStore } from './plans.ts';
import { deliveryStore } from './deliveries.ts';
import type { Stores } from './port.ts';
import { webhookSecretStore } from './webhook-secrets.ts';
import { matchModelStore } from '../persons/match-models.ts';
import { personStore } from '../persons/store.ts';
import { companyStore } from '../companies/store.ts';
import { identityStore } from '../identity/store.ts';
import { consentStore } from '../consent/store.ts';
import { audienceStore } from '../audiences/store.ts';
import { subscriptionStore } from '../subscriptions/store.ts';
import type { SqlClient } from './sql-client.ts';
import { consoleSessionStore } from './console-sessions.ts';

export type DatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** What a new embedded cluster gets before it is opened (ensurePgliteCluster). */
  seedNewCluster?: ClusterSeed;
};

/**
 * Postgres when a URL is given, otherwise PGlite persisted in the data directory. Each is loaded only when used:
 * PGlite's WebAssembly build costs a process about 40 MB of memory that a process on PostgreSQL never uses, and
 * pg about 3 MB of heap that an embedded one would not.
 *
 * A new data directory's cluster is made, and seeded, in a child process (ensurePgliteCluster), whose memory goes
 * with it, beside its place until it is done. One an earlier Kith made in place is judged when first opened here
 * (judgeEarlierDatabase): a half-made one is refused, saying how to start clean.
 *
 * The embedded database is one process's: it holds the data directory's lock (`lockDataDir`, DataDirInUse when
 * another process has it) from before it opens until it is closed. PGlite gives the files of a new cluster mode
 * 0666 and some it writes later 0644, whatever the umask: they are made owner-only once it is open and again once
 * it is closed.
 */
export async function openDatabase(options: DatabaseOptions): Promise<SqlClient> {
  if (options.databaseUrl) {
    const { createPgClient } = await import('./pg.ts');
    return createPgClient(options.databaseUrl, options.poolSize);
  }
  const lock = await lockDataDir(options.dataDir);
  const dir = join(options.dataDir, 'pgdata');
  try {
    const cluster = await ensurePgliteCluster(dir, options.seedNewCluster);
    const { createPgliteClient } = await import('./pglite.ts');
    const db = await createPgliteClient(dir);
    if (cluster === 'earlier') {
      await judgeEarlierDatabase(db, dir).catch(async (error: unknown) => {
        await db.close();
        throw error;
      });
    }
    await makeOwnerOnly(dir, { create: false });
    return {
      ...db,
      async close() {
        try {
          await db.close();
          await makeOwnerOnly(dir, { create: false });
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Every store over one database; `newWebhookSecret` makes an account's signing secret on first use. */
export function createStores(db: SqlClient, newWebhookSecret: () => string): Stores {
  return {
    plans: planStore(db),
    accounts: accountStore(db),
    apiKeys: apiKeyStore(db),
    idempotency: idempotencyStore(db),
    deliveries: deliveryStore(db),
    webhookSecrets: webhookSecretStore(db, newWebhookSecret),
    persons: personStore(db),
    matchModels: matchModelStore(db),
    companies: companyStore(db),
    identity: identityStore(db),
    consent: consentStore(db),
    audiences: audienceStore(db),
    subscriptions: subscriptionStore(db),
    consoleSessions: consoleSessionStore(db),
  };
}
