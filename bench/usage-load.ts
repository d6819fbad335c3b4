import { randomUUID } from 'node:crypto';
import type { ScenarioContext } from './scenario-context.ts';

const DATABASE = 'kith_bench';
const OTHER_ACCOUNTS = 999;

async function clickhouse(url: string, query: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', body: query });
  if (!response.ok) throw new Error(`ClickHouse: ${response.status} ${await response.text()}`);
}

/**
 * Fills the usage store with `count` events of the last hour, made on the server (INSERT ... SELECT), so
 * the rollup view sees them as it sees the usage writer's: one in ten belongs to the bench account, the
 * rest to 999 others. The tables are emptied first, so runs do not pile up.
 */
export async function loadUsageEvents(context: ScenarioContext, count: number): Promise<void> {
  const url = context.services.CLICKHOUSE_URL;
  if (!url) throw new Error('stats-10m needs CLICKHOUSE_URL');
  const others = Array.from({ length: OTHER_ACCOUNTS }, () => `toUUID('${randomUUID()}')`).join(',');
  const now = Math.floor(Date.now() / 1000);
  for (const table of ['usage_events', 'usage_daily', 'usage_offsets']) await clickhouse(url, `TRUNCATE TABLE ${DATABASE}.${table}`);
  const started = performance.now();
  context.progress(`loading ${count.toLocaleString('en')} usage events into ClickHouse`);
  await clickhouse(
    url,
    `INSERT INTO ${DATABASE}.usage_events
       (event_id, account_id, operation, outcome, at, source_topic, source_partition, source_offset)
     SELECT toString(number),
            if(number % 10 = 0, toUUID('${context.account.accountId}'), arrayElement([${others}], (number % ${OTHER_ACCOUNTS}) + 1)),
            if(number % 3 = 0, 'company.enrich', 'person.enrich'),
            if(number % 4 = 0, 'miss', 'match'),
            toDateTime(${now} - (number % 3600)),
            'bench-load', toUInt32(number % 8), number
     FROM system.numbers LIMIT ${count}`,
  );
  context.progress(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
