import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Bus } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import { outcomeOf, type UsageRecorded } from '../../schemas/events/usage-recorded.ts';
import type { OperationSpec } from '../../schemas/v3/operations.ts';
import type { ApiEnv } from '../env.ts';
import { operationName } from '../operation-name.ts';

export type UsageOptions = {
  bus: Bus;
  topic: string;
  clock: Clock;
  operations: Readonly<Record<string, OperationSpec>>;
};

/**
 * Publishes one usage event per answered request of a known operation, after the answer is made and
 * without holding it: the caller never waits for usage. Replays of a kept answer (Idempotency-Key) are not
 * counted again, nor are requests whose answer goes to a webhook: the worker counts those, with their outcome. `drain` waits for the events still being published (clean stop).
 */
export function usage(options: UsageOptions) {
  const inFlight = new Set<Promise<void>>();
  const middleware: MiddlewareHandler<ApiEnv> = async function usageMiddleware(c, next) {
    await next();
    const operation = c.get('operation') ?? operationName(c.req.path);
    const spec = options.operations[operation];
    if (!spec || c.res.headers.get('idempotent-replayed') === 'true' || c.get('countedByWorker')) return;
    const event: UsageRecorded = {
      eventId: randomUUID(),
      accountId: c.get('accountId'),
      operation,
      outcome: outcomeOf(c.res.status, spec),
      at: options.clock.now().toISOString(),
    };
    const log = c.get('log');
    const published = options.bus
      .publish(options.topic, [{ key: event.accountId, value: JSON.stringify(event) }])
      .catch((error: unknown) => log.error({ err: error, eventId: event.eventId }, 'usage event not published'))
      .finally(() => inFlight.delete(published));
    inFlight.add(published);
  };
  return {
    middleware,
    async drain() {
      await Promise.all(inFlight);
    },
  };
}
