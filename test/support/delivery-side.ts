import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createStores } from '../../adapters/db/open.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { Stores } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createLogger } from '../../adapters/logger.ts';
import { topicNames, type TopicNames } from '../../schemas/events/topics.ts';
import { startDeliveryWorker } from '../../workers/delivery/delivery-worker.ts';
import { coalescedDeliveryWrites } from '../../adapters/db/coalesced-deliveries.ts';
import { newWebhookSecret } from '../../workers/delivery/sign.ts';

export type DeliverySide = {
  bus: Bus;
  stores: Stores;
  topics: TopicNames;
  startWorker(): Promise<Consumer>;
  close(): Promise<void>;
};

/** How long a claim is held in these tests: a killed worker's delivery comes back after this. */
export const TEST_LEASE_MS = 3000;

/**
 * The delivery side of Kith in either mode, from the same arguments a child process gets:
 * `embedded <dataDir> <topicPrefix>` (PGlite on disk, embedded bus) or
 * `distributed <brokers> <databaseUrl> <topicPrefix>` (Kafka, PostgreSQL).
 */
export async function openDeliverySide(
  args: string[],
  limits: { concurrency: number; perAccount: number; pollMs?: number } = { concurrency: 8, perAccount: 4 },
): Promise<DeliverySide> {
  const log = createLogger('error');
  let db: SqlClient;
  let bus: Bus;
  let prefix: string;
  if (args[0] === 'embedded') {
    const [, dataDir, topicPrefix] = args as [string, string, string];
    db = await createPgliteClient(dataDir);
    bus = createEmbeddedBus({ db, log, pollMs: 50 });
    prefix = topicPrefix;
  } else {
    const [, brokers, databaseUrl, topicPrefix] = args as [string, string, string, string];
    db = createPgClient(databaseUrl, 4);
    bus = createKafkaBus({ brokers: brokers.split(','), clientId: 'delivery-side', log });
    prefix = topicPrefix;
  }
  await migrate(db);
  const stores = createStores(db, newWebhookSecret);
  const topics = topicNames(prefix);
  await bus.ensureTopics([{ name: topics.deliveries, partitions: 2 }]);
  return {
    bus,
    stores,
    topics,
    startWorker: () =>
      startDeliveryWorker({
        bus,
        topics,
        store: coalescedDeliveryWrites(stores.deliveries),
        clock: systemClock,
        log,
        pollMs: 50,
        ...limits,
        keepMs: 86_400_000,
        leaseMs: TEST_LEASE_MS,
        attempt: {
          secrets: stores.webhookSecrets,
          clock: systemClock,
          random: Math.random,
          policy: { allowedNetworks: ['127.0.0.1/32'] },
          timeoutMs: 60_000,
          maxResponseBytes: 64 * 1024,
          scheduleSeconds: [1],
        },
      }),
    async close() {
      await bus.close();
      await db.close();
    },
  };
}
