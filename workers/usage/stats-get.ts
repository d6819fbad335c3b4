import type { Clock } from '../../adapters/clock.ts';
import type { AccountStore } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { UsageCount, UsageOutcome, UsageStore } from '../../adapters/usage/port.ts';
import type { Metric, StatsGetResponse } from '../../schemas/v3/stats-get.ts';
import { billingPeriod } from './billing-period.ts';

export type StatsGetContext = { accounts: AccountStore; usage: UsageStore; clock: Clock };

function counter(counts: UsageCount[]) {
  return (operation: string, outcome?: UsageOutcome) =>
    counts
      .filter((row) => row.operation === operation && (outcome === undefined || row.outcome === outcome))
      .reduce((sum, row) => sum + row.count, 0);
}

const metric = (count: number, quota: number | null): Metric => ({ count, quota, overQuota: quota !== null && count > quota });

/**
 * stats.get: the account's plan and current billing period, with usage counted from the usage store since
 * the period began. Matches count against the plan's quota; a 202 (queued) is not a match.
 */
export function statsGetHandler(ctx: StatsGetContext): OperationHandler<'stats.get'> {
  return async (request) => {
    const account = await ctx.accounts.get(request.accountId);
    if (!account) return { status: 404, body: { status: 404, message: 'Account not found' } };
    const now = ctx.clock.now();
    const period = billingPeriod(account.billingAnchor, account.plan.period, now);
    const count = counter(await ctx.usage.totals(account.id, period.start, now.toISOString().slice(0, 10)));
    const wanted = request.body.stats;
    const includes = (product: 'person' | 'company') => !wanted?.length || wanted.includes(product);
    const enrichment = (operation: string, quota: number | null) => ({
      matches: metric(count(operation, 'match'), quota),
      misses: metric(count(operation, 'miss'), null),
      total: { count: count(operation) },
    });
    const body: StatsGetResponse = {
      period: { start: period.start, end: period.end },
      plan: {
        name: account.plan.name,
        period: account.plan.period,
        baseCost: account.plan.baseCost,
        daysRemainingInPeriod: period.daysRemaining,
      },
      stats: {
        ...(includes('person') && {
          person: {
            enrichment: enrichment('person.enrich', account.plan.personQuota),
            subscriptions: metric(count('person.subscribe', 'ok'), null),
          },
        }),
        ...(includes('company') && { company: { enrichment: enrichment('company.enrich', account.plan.companyQuota) } }),
      },
    };
    return { status: 200, body };
  };
}
