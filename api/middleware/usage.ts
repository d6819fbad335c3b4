import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Bus } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import { outcomeOf } from '../../schemas/events/usage-recorded.ts';
import { usageEventsOf } from '../../domain/usage-calls.ts';
import { operationNamed } from '../../domain/operations.ts';
import type { OperationSpec } from '../../domain/operations/spec.ts';
import type { ApiEnv } from '../env.ts';
import { operationName } from '../operation-name.ts';

export type UsageOptions = {
  bus: Bus;
  topic: string;
  clock: Clock;
  operations: Readonly<Record<string, OperationSpec>>;
};

/**
 * Publishes one usage event per answered request of a known operation (one per request of a batch), after the answer is made and
 * without holding it: the caller never waits for usage. Replays of a kept answer (Idempotency-Key) are not
 * counted again, nor are requests whose answer goes to a webhook: the worker counts those, with their outcome. `drain` waits for the events still being published (clean stop).
 */
export function usage(options: UsageOptions) {
  const inFlight = new Set<Promise<void>>();
  const middleware: MiddlewareHandler<ApiEnv> = async function usageMiddleware(c, next) {
    await next();
    const operation = c.get('operation') ?? operationName(c.req.path);
    const spec = operationNamed(options.operations, operation);
    if (!spec || c.res.headers.get('idempotent-replayed') === 'true' || c.get('countedByWorker')) return;
    const accountId = c.get('accountId');
    const at = options.clock.now().toISOString();
    const calls = c.get('usageCalls') ?? [{ operation, outcome: outcomeOf(c.res.status, spec) }];
    const events = usageEventsOf(accountId, calls, at, () => randomUUID());
    const log = c.get('log');
    const published = options.bus
      .publish(options.topic, events.map((event) => ({ key: accountId, value: JSON.stringify(event) })))
      .catch((error: unknown) => log.error({ err: error, eventIds: events.map((event) => event.eventId) }, 'usage events not published'))
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
