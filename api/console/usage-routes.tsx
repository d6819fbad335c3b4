import { Hono, type Context } from 'hono';
import type { UsageStore } from '../../adapters/usage/port.ts';
import type { StatsGetResponse } from '../../schemas/v3/stats-get.ts';
import type { ConsoleEnv } from './env.ts';
import { documentOf } from './layout.tsx';
import { UsagePage } from './pages/usage.tsx';
import type { SectionOptions } from './section.ts';
import { chosenRange, days, seriesByOperation, usageCsv } from './usage-range.ts';

export type UsageRouteOptions = SectionOptions & {
  usage: Pick<UsageStore, 'daily'>;
  /** The account's stats.get answer; undefined when the usage worker did not answer in time or is too far behind. */
  stats(accountId: string, requestId: string): Promise<StatsGetResponse | undefined>;
};

const DAY_MS = 86_400_000;

/** /console/usage: plan and quotas (stats.get), daily charts per operation and outcome, and their CSV. */
export function usageRoutes(options: UsageRouteOptions) {
  const { clock, signedIn } = options;
  const app = new Hono<ConsoleEnv>();

  /** The range asked for, else the current billing period so far (else the last 30 days). */
  function usageRange(c: Context<ConsoleEnv>, stats: StatsGetResponse | undefined) {
    const now = clock.now();
    const monthAgo = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
    const fallback = { from: stats?.period.start ?? monthAgo, to: now.toISOString().slice(0, 10) };
    return chosenRange({ from: c.req.query('from'), to: c.req.query('to') }, fallback);
  }

  app.get('/usage', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const stats = await options.stats(accountId, c.get('requestId'));
    const { range, problem } = usageRange(c, stats);
    const rows = await options.usage.daily(accountId, range.from, range.to);
    return c.html(
      documentOf(
        <UsagePage
          csrfToken={csrfToken}
          stats={stats}
          statsProblem={stats ? undefined : 'The plan and quotas are not available right now; reload in a moment.'}
          range={range}
          rangeProblem={problem}
          days={days(range)}
          series={seriesByOperation(rows, range)}
        />,
      ),
      problem ? 400 : 200,
    );
  });
  app.get('/usage.csv', ...signedIn, async (c) => {
    const { range, problem } = usageRange(c, undefined);
    if (problem) return c.text(problem, 400);
    const rows = await options.usage.daily(c.get('session').accountId, range.from, range.to);
    return c.body(usageCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="kith-usage-${range.from}-${range.to}.csv"`,
    });
  });
  return app;
}
