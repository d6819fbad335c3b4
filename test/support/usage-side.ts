import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { createLogger } from '../../adapters/logger.ts';
import { clickHouseUsageStore } from '../../adapters/usage/clickhouse.ts';
import type { UsageStore } from '../../adapters/usage/port.ts';
import { sqlUsageStore } from '../../adapters/usage/postgres.ts';
import { topicNames, type TopicNames } from '../../schemas/events/topics.ts';
import { startUsageWriter } from '../../workers/usage/usage-writer.ts';

export type UsageSide = {
  bus: Bus;
  store: UsageStore;
  topics: TopicNames;
  startWriter(store?: UsageStore): Promise<Consumer>;
  close(): Promise<void>;
};

/**
 * The usage side of Kith in either mode, from the same arguments a child process gets:
 * `embedded <dataDir> <topicPrefix>` (PGlite on disk, embedded bus, SQL store) or
 * `distributed <brokers> <clickhouseUrl> <database> <topicPrefix>` (Kafka, ClickHouse).
 */
export async function openUsageSide(args: string[]): Promise<UsageSide> {
  const log = createLogger('error');
  const [kind] = args;
  let bus: Bus;
  let store: UsageStore;
  let topics: TopicNames;
  let closeDatabase = async () => {};
  if (kind === 'embedded') {
    const [, dataDir, prefix] = args as [string, string, string];
    const db = await createPgliteClient(dataDir);
    await migrate(db);
    bus = createEmbeddedBus({ db, log, pollMs: 50 });
    store = sqlUsageStore(db);
    topics = topicNames(prefix);
    closeDatabase = () => db.close();
  } else {
    const [, brokers, url, database, prefix] = args as [string, string, string, string, string];
    bus = createKafkaBus({ brokers: brokers.split(','), clientId: 'usage-side', log });
    store = clickHouseUsageStore({ url, database, log });
    topics = topicNames(prefix);
  }
  await store.prepare();
  await bus.ensureTopics([{ name: topics.usage, partitions: 2 }]);
  return {
    bus,
    store,
    topics,
    startWriter: (writerStore = store) => startUsageWriter({ bus, store: writerStore, topics, log, maxBatch: 50, maxWaitMs: 200 }),
    async close() {
      await bus.close();
      await store.close();
      await closeDatabase();
    },
  };
}
