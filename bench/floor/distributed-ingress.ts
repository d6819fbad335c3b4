import { randomUUID } from 'node:crypto';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { systemClock } from '../../adapters/clock.ts';
import { busDispatcher } from '../../adapters/dispatch/over-bus.ts';
import { createLogger } from '../../adapters/logger.ts';
import { busReplyInbox } from '../../adapters/replies/over-bus.ts';
import { lookupKeyOf } from './lookup-table.ts';
import { FLOOR_PARTITIONS, floorTopics } from './topics.ts';
import { serveOperation } from './route.ts';

/** How long the floor waits for its worker: Kith's synchronous deadline. */
const DEADLINE_MS = 2_500;
const ACCOUNT = '00000000-0000-4000-8000-000000000000';

/**
 * The distributed floor's ingress: the route, then Kith's own request-reply over Kafka (the same bus adapter,
 * producer and consumer settings, dispatcher and reply inbox), carrying only the key to look up. Without Kith's
 * logic: no auth, rate limit, idempotency, kept replies, usage, matching or logging.
 *
 * Usage: KAFKA_BROKERS=… FLOOR_TOPIC_PREFIX=… node --import tsx bench/floor/distributed-ingress.ts <operation>
 */
const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
const topics = floorTopics(process.env.FLOOR_TOPIC_PREFIX ?? 'floor');
const bus = createKafkaBus({ brokers: (process.env.KAFKA_BROKERS ?? '').split(','), clientId: 'floor-ingress', log });
await bus.ensureTopics([{ name: topics.requests, partitions: FLOOR_PARTITIONS }]);
const inbox = await busReplyInbox({ bus, topics: topics.names, instanceId: 'floor-ingress', retentionMs: 3_600_000, log });
const dispatcher = busDispatcher({ bus, inbox, clock: systemClock, topicFor: () => topics.requests });
const operation = process.argv[2] ?? '';

serveOperation(
  'floor',
  operation,
  async (body) => {
    const eventId = randomUUID();
    const receivedAt = new Date();
    const event = { eventId, requestId: eventId, accountId: ACCOUNT, operation, body: { key: lookupKeyOf(body) }, query: {}, receivedAt: receivedAt.toISOString() };
    const reply = await dispatcher.dispatch(event, new Date(receivedAt.getTime() + DEADLINE_MS));
    return (reply?.body as object | undefined) ?? { status: 503, message: 'no reply in time' };
  },
  async () => {
    await inbox.close();
    await bus.close();
  },
);
