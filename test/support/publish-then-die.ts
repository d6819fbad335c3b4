/**
 * Run as a child process by test/adapters/bus-durability.test.ts: publishes messages the way the ingress
 * accepts work, then dies by SIGKILL, with no chance to flush or close anything.
 * Arguments: embedded <dataDir> <topic> <count> | kafka <brokers> <topic> <count>
 */
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus } from '../../adapters/bus/port.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { createLogger } from '../../adapters/logger.ts';

const [kind, where, topic, count] = process.argv.slice(2) as [string, string, string, string];
const log = createLogger('error');

async function open(): Promise<Bus> {
  if (kind === 'kafka') return createKafkaBus({ brokers: where.split(','), clientId: 'publish-then-die', log });
  const db = await createPgliteClient(where);
  await migrate(db);
  return createEmbeddedBus({ db, log });
}

const bus = await open();
await bus.ensureTopics([{ name: topic, partitions: 2 }]);
await Promise.all(
  Array.from({ length: Number(count) }, (_, index) => bus.publish(topic, [{ key: `k${index % 5}`, value: `accepted-${index}` }])),
);
process.stdout.write('published\n');
process.kill(process.pid, 'SIGKILL');
