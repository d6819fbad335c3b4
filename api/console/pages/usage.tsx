import type { Metric, StatsGetResponse } from '../../../schemas/v3/stats-get.ts';
import { DailyChart, outcomeClass } from '../chart.tsx';
import { Page, Scroller } from '../layout.tsx';
import type { DayRange, OperationSeries } from '../usage-range.ts';

function Quota(props: { label: string; metric: Metric; total: number }) {
  const { metric } = props;
  return (
    <div class="quota">
      <h3>{props.label}</h3>
      <p>
        <strong>{metric.count}</strong> matches{metric.quota !== null && <> of {metric.quota} in the plan</>}
        {metric.overQuota && <strong> (over quota)</strong>}
        <br />
        <span class="muted">{props.total} requests in all</span>
      </p>
      {metric.quota !== null && <meter min={0} max={metric.quota} value={Math.min(metric.count, metric.quota)} aria-label={`${props.label}: matches used of the quota`} />}
    </div>
  );
}

function Plan(props: { stats: StatsGetResponse }) {
  const { period, plan, stats } = props.stats;
  return (
    <section aria-labelledby="plan">
      <h2 id="plan">Plan and billing period</h2>
      <p>
        <strong>{plan.name}</strong> ({plan.period === 'MONTH' ? 'monthly' : 'yearly'}, base cost {plan.baseCost}); current period{' '}
        <time datetime={period.start}>{period.start}</time> to <time datetime={period.end}>{period.end}</time>, {plan.daysRemainingInPeriod} days
        remaining.
      </p>
      <div class="quotas">
        {stats.person && <Quota label="Person enrichment" metric={stats.person.enrichment.matches} total={stats.person.enrichment.total.count} />}
        {stats.company && <Quota label="Company enrichment" metric={stats.company.enrichment.matches} total={stats.company.enrichment.total.count} />}
      </div>
    </section>
  );
}

function OperationFigure(props: { series: OperationSeries; days: string[] }) {
  const { series, days } = props;
  const id = `chart-${series.operation.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <figure aria-labelledby={id}>
      <figcaption id={id}>
        <h3>{series.operation}</h3>
      </figcaption>
      <ul class="legend">
        {series.outcomes.map(({ outcome, counts }) => (
          <li>
            <span class={outcomeClass(outcome)} aria-hidden="true"></span>
            {outcome}: {counts.reduce((sum, count) => sum + count, 0)}
          </li>
        ))}
      </ul>
      <DailyChart series={series} days={days} />
      <details>
        <summary>The numbers per day</summary>
        <Scroller label={`${series.operation} per day`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.outcomes.map(({ outcome }) => (
                  <th scope="col" class="num">{outcome}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) =>
                series.outcomes.some(({ counts }) => (counts[index] ?? 0) > 0) ? (
                  <tr>
                    <th scope="row">{day}</th>
                    {series.outcomes.map(({ counts }) => (
                      <td class="num">{counts[index] ?? 0}</td>
                    ))}
                  </tr>
                ) : null,
              )}
            </tbody>
          </table>
        </Scroller>
      </details>
    </figure>
  );
}

export type UsagePageProps = {
  csrfToken: string;
  stats?: StatsGetResponse;
  statsProblem?: string;
  range: DayRange;
  rangeProblem?: string;
  days: string[];
  series: OperationSeries[];
};

export function UsagePage(props: UsagePageProps) {
  const { range } = props;
  const query = new URLSearchParams(range).toString();
  return (
    <Page title="Usage" section="usage" csrfToken={props.csrfToken}>
      {props.stats ? <Plan stats={props.stats} /> : <p class="notice warning" role="alert">{props.statsProblem}</p>}
      <section aria-labelledby="daily">
        <h2 id="daily">Requests per day</h2>
        <form method="get" action="/console/usage" class="fields">
          <div>
            <label for="from">From</label>
            <input type="date" id="from" name="from" value={range.from} required />
          </div>
          <div>
            <label for="to">To</label>
            <input type="date" id="to" name="to" value={range.to} required />
          </div>
          <button type="submit">Show</button>
          <a href={`/console/usage.csv?${query}`} download>
            Download CSV
          </a>
        </form>
        {props.rangeProblem && (
          <p class="notice warning" role="alert">
            {props.rangeProblem}
          </p>
        )}
        {props.series.length === 0 ? (
          <p>No requests from {range.from} to {range.to}.</p>
        ) : (
          props.series.map((series) => <OperationFigure series={series} days={props.days} />)
        )}
      </section>
    </Page>
  );
}
