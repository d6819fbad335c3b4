import { randomUUID } from 'node:crypto';
import type { Clock } from '../../adapters/clock.ts';
import type { Admission, Dispatcher } from '../../adapters/dispatch/port.ts';
import { StatsGetResponse } from '../../schemas/v3/stats-get.ts';

/**
 * stats.get for the console, asked of the usage worker exactly as the API asks it (so the page and the API
 * agree), but not counted as usage: it does not pass the API's usage middleware. Undefined when the worker did not
 * answer in time, or is too far behind to be asked (the page then shows no figures).
 */
export function statsOverDispatcher(options: { dispatcher: Dispatcher; admission: Admission; clock: Clock; deadlineMs: number }) {
  return async function accountStats(accountId: string, requestId: string): Promise<StatsGetResponse | undefined> {
    if (options.admission({ operation: 'stats.get', accountId, toWebhook: false }) !== undefined) return undefined;
    const now = options.clock.now();
    const reply = await options.dispatcher.dispatch(
      { eventId: randomUUID(), requestId, accountId, operation: 'stats.get', body: {}, query: {}, receivedAt: now.toISOString() },
      new Date(now.getTime() + options.deadlineMs),
    );
    if (reply?.status !== 200) return undefined;
    const parsed = StatsGetResponse.safeParse(reply.body);
    return parsed.success ? parsed.data : undefined;
  };
}
