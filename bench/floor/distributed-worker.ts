import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createLogger } from '../../adapters/logger.ts';
import { busReplySender } from '../../adapters/replies/over-bus.ts';
import { CORRELATION_HEADER, REPLY_TO_HEADER } from '../../schemas/events/topics.ts';
import { lookUp, prepareLookupTable } from './lookup-table.ts';
import { FLOOR_PARTITIONS, floorTopics } from './topics.ts';

/**
 * The distributed floor's worker: Kith's bus consumer on the floor's request topic, one indexed point lookup in
 * PostgreSQL per request, the reply over Kith's reply sender. Prints `{"msg":"floor worker ready","port":0}`.
 *
 * Usage: KAFKA_BROKERS=… DATABASE_URL=… FLOOR_TOPIC_PREFIX=… node --import tsx bench/floor/distributed-worker.ts
 */
const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
const topics = floorTopics(process.env.FLOOR_TOPIC_PREFIX ?? 'floor');
const db = createPgClient(process.env.DATABASE_URL ?? '', 10);
await prepareLookupTable(db);
const bus = createKafkaBus({ brokers: (process.env.KAFKA_BROKERS ?? '').split(','), clientId: 'floor-worker', log });
await bus.ensureTopics([{ name: topics.requests, partitions: FLOOR_PARTITIONS }]);
const replies = busReplySender(bus);
const consumer = await bus.consume({
  groupId: topics.workerGroup,
  topics: [topics.requests],
  // As Kith's enrichment worker: requests of one partition worked 16 at a time.
  concurrency: 16,
  async handle(message) {
    const { body } = JSON.parse(message.value) as { body: { key: string } };
    const answer = await lookUp(db, body.key);
    await replies.send(message.headers[REPLY_TO_HEADER]!, message.headers[CORRELATION_HEADER]!, { status: 200, body: answer });
  },
});
process.stdout.write(`${JSON.stringify({ msg: 'floor worker ready', port: 0 })}\n`);

const stop = () =>
  void consumer
    .stop()
    .then(() => bus.close())
    .then(() => db.close())
    .finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
