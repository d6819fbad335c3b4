import type { Clock } from '../../adapters/clock.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { AccountStore } from '../../adapters/db/port.ts';
import type { StatsGetResponse } from '../../schemas/v3/stats-get.ts';
import { billingPeriod } from './billing-period.ts';

export type StatsGetContext = { accounts: AccountStore; clock: Clock };

/** stats.get: the account's plan and current billing period. */
export function statsGetHandler(ctx: StatsGetContext): OperationHandler {
  return async (request) => {
    const account = await ctx.accounts.get(request.accountId);
    if (!account) return { status: 404, body: { status: 404, message: 'Account not found' } };
    const period = billingPeriod(account.billingAnchor, account.plan.period, ctx.clock.now());
    const body: StatsGetResponse = {
      period: { start: period.start, end: period.end },
      plan: {
        name: account.plan.name,
        period: account.plan.period,
        baseCost: account.plan.baseCost,
        daysRemainingInPeriod: period.daysRemaining,
      },
    };
    return { status: 200, body };
  };
}
