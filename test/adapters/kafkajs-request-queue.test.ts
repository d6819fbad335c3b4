import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { fixKafkajsRequestQueue, kafkajsRequestQueue, type RequestQueueInternals } from '../../adapters/bus/kafkajs-request-queue.ts';
import { createLogger } from '../../adapters/logger.ts';
import { kafkaBrokers } from '../support/services.ts';

const quietLogger = { debug() {}, info() {}, warn() {}, error() {} };

type TestedQueue = RequestQueueInternals & {
  inflight: Map<number, unknown>;
  push(request: object): void;
  fulfillRequest(response: object): void;
};

/** A request queue of one broker connection, with an in-flight limit of one and requests that record their sending. */
function requestQueue() {
  const RequestQueue = kafkajsRequestQueue();
  const queue = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'test:9092', logger: quietLogger }) as TestedQueue;
  const sent: number[] = [];
  let nextId = 0;
  const push = () => {
    const correlationId = nextId++;
    queue.push({
      entry: { correlationId, apiKey: 0, apiName: 'Produce', apiVersion: 0, resolve() {}, reject() {} },
      expectResponse: true,
      sendRequest: () => sent.push(correlationId),
    });
    return correlationId;
  };
  const fulfil = (correlationId: number) => queue.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });
  return { queue, sent, push, fulfil };
}

describe("kafkajs's request queue, fixed", () => {
  afterEach(() => vi.useRealTimers());

  it('is fixed in the kafkajs this project installs', () => {
    expect(fixKafkajsRequestQueue()).toBe(true);
  });

  it('arms no timer while no request waits, sent or answered', () => {
    fixKafkajsRequestQueue();
    const { queue, sent, push, fulfil } = requestQueue();
    const id = push();
    expect(sent).toEqual([id]);
    expect(queue.throttleCheckTimeoutId).toBeNull();
    fulfil(id);
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request held back by the in-flight limit when the one before is answered, or after 10 ms', () => {
    vi.useFakeTimers();
    fixKafkajsRequestQueue();
    const { queue, sent, push, fulfil } = requestQueue();
    const first = push();
    const second = push();
    expect(sent).toEqual([first]);
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    fulfil(first);
    expect(sent).toEqual([first, second]);

    const third = push();
    expect(sent).toEqual([first, second]);
    queue.inflight.clear(); // the in-flight request ends without an answer (a timeout does this too)
    vi.advanceTimersByTime(9);
    expect(sent).toEqual([first, second]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([first, second, third]);
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request held back by a throttle when the throttle ends, then arms no timer', () => {
    vi.useFakeTimers();
    fixKafkajsRequestQueue();
    const { queue, sent, push } = requestQueue();
    queue.throttledUntil = Date.now() + 50;
    const id = push();
    vi.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([id]);
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('leaves no timer armed on the connections of a Kafka bus once its publishes are answered', async () => {
    const queues = new Set<RequestQueueInternals>();
    const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-request-queue-test', log: createLogger('error') });
    const RequestQueue = kafkajsRequestQueue();
    const original = RequestQueue.prototype.checkPendingRequests;
    RequestQueue.prototype.checkPendingRequests = function (this: RequestQueueInternals) {
      queues.add(this);
      original.call(this);
    };
    try {
      const topic = `request-queue-${randomUUID()}`;
      await bus.ensureTopics([{ name: topic, partitions: 2 }]);
      for (let index = 0; index < 5; index++) await bus.publish(topic, [{ key: `k${index}`, value: 'v' }]);
      expect(queues.size).toBeGreaterThan(0);
      for (const queue of queues) {
        if (queue.pending.length === 0) expect(queue.throttleCheckTimeoutId).toBeNull();
      }
    } finally {
      RequestQueue.prototype.checkPendingRequests = original;
      await bus.close();
    }
  });
});
